import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { Secret, TOTP } from 'otpauth';
import { SECURITY_MSG } from '../src/shared/security.js';
import { expectNoA11yViolations, mailIn, newPage, registerAndCreateClub, signUp, screenshot, uniqueEmail, useServerAndBrowser } from './harness.js';

const e2e = useServerAndBrowser();

const mailTo = (to: string) => mailIn(e2e.server, to);

async function signOut(page: Page) {
  await page.getByRole('button', { name: 'Sair', exact: true }).click();
  await page.waitForURL((u) => !u.pathname.startsWith('/dashboard'));
}

async function passwordStep(page: Page, email: string, password: string) {
  await page.goto('/login');
  await page.getByLabel('E-mail').fill(email);
  await page.getByLabel('Senha').fill(password);
  await page.getByRole('button', { name: 'Entrar' }).click();
}

describe('accounts people can keep', () => {
  it('forgot password → the .eml in the outbox → reset → log in with the new password', async () => {
    const page = await newPage(e2e.browser, e2e.server.baseUrl, { width: 360, height: 740 });
    const acc = await signUp(page, { name: 'Tesoureira Bia', email: uniqueEmail('bia') });
    await page.getByRole('button', { name: 'Abrir menu' }).click().catch(() => undefined);
    await page.context().clearCookies();

    await page.goto('/login');
    await page.getByRole('link', { name: 'Esqueci minha senha' }).click();
    await page.waitForURL('**/esqueci-senha');
    await page.getByLabel('E-mail').fill(acc.email);
    await page.getByRole('button', { name: 'Enviar link' }).click();
    await page.getByText(SECURITY_MSG.forgotSent).waitFor();
    await expectNoA11yViolations(page, 'forgot password');
    await screenshot(page, 'security-01-forgot-360');

    const mail = await mailTo(acc.email);
    expect(mail.subject).toBe('Redefinição de senha do Trilha');
    const link = /https?:\/\/\S+\/redefinir-senha\/[A-Za-z0-9_-]+/.exec(mail.text)?.[0];
    expect(link).toBeDefined();
    // The link is built from PUBLIC_URL (http://localhost:3000 here), not from the port this test serves on.
    const resetPath = new URL(link as string).pathname;
    await page.goto(resetPath);
    await page.getByLabel('Nova senha', { exact: true }).fill('senha-nova-1');
    await page.getByLabel('Confirmar nova senha').fill('senha-nova-1');
    await expectNoA11yViolations(page, 'reset password');
    await screenshot(page, 'security-02-reset-360');
    await page.getByRole('button', { name: 'Redefinir senha' }).click();
    await page.waitForURL('**/login');
    await page.getByText(SECURITY_MSG.resetDone).waitFor();

    // The link is spent.
    await page.goto(resetPath);
    await page.getByText(SECURITY_MSG.resetInvalid).waitFor();

    await passwordStep(page, acc.email, 'senha-nova-1');
    await page.waitForURL('**/dashboard');
  });

  it('two-step: enable with the code computed from the shown Chave → sign out → password + code; a recovery code works once', async () => {
    const page = await newPage(e2e.browser, e2e.server.baseUrl);
    const acc = await signUp(page, { name: 'Diretor Caio', email: uniqueEmail('caio') });
    await page.getByRole('link', { name: 'Segurança' }).click();
    await page.waitForURL('**/dashboard/seguranca');
    await page.getByRole('button', { name: 'Ativar verificação em duas etapas' }).click();
    const secret = ((await page.getByTestId('mfa-secret').textContent()) ?? '').replace(/\s+/g, '');
    expect(secret).toMatch(/^[A-Z2-7]{32}$/);
    expect(await page.getByText('Chave', { exact: true }).isVisible()).toBe(true);
    expect(await page.getByRole('img', { name: 'QR code para o aplicativo autenticador' }).isVisible()).toBe(true);
    await expectNoA11yViolations(page, 'enrolment');
    await screenshot(page, 'security-03-enrol');
    const totp = new TOTP({ algorithm: 'SHA1', digits: 6, period: 30, secret: Secret.fromBase32(secret) });
    await page.getByLabel('Código', { exact: true }).fill(totp.generate());
    await page.getByRole('button', { name: 'Confirmar' }).click();
    const codes = page.getByRole('list', { name: 'Códigos de recuperação' }).getByRole('listitem');
    await codes.first().waitFor();
    expect(await codes.count()).toBe(10);
    const recovery = (await codes.allTextContents()).map((c) => c.trim());
    await expectNoA11yViolations(page, 'recovery codes');
    await screenshot(page, 'security-04-recovery-codes');
    await page.getByRole('button', { name: 'Já guardei os códigos' }).click();
    await page.getByText('Ativa', { exact: true }).waitFor();
    await signOut(page);

    // Password, then the code of the next time step (the enrolment code is spent).
    await passwordStep(page, acc.email, acc.password);
    await page.getByLabel('Código de verificação').waitFor();
    await expectNoA11yViolations(page, 'second step');
    await screenshot(page, 'security-05-second-step');
    await page.getByLabel('Código de verificação').fill(totp.generate({ timestamp: Date.now() + 30_000 }));
    await page.getByRole('button', { name: 'Verificar' }).click();
    await page.waitForURL('**/dashboard');
    await signOut(page);

    // A recovery code works once.
    for (const attempt of [1, 2]) {
      await passwordStep(page, acc.email, acc.password);
      await page.getByRole('button', { name: 'Usar um código de recuperação' }).click();
      await page.getByLabel('Código de recuperação').fill(recovery[0]);
      await page.getByRole('button', { name: 'Verificar' }).click();
      if (attempt === 1) {
        await page.waitForURL('**/dashboard');
        await signOut(page);
      } else {
        await page.getByText(SECURITY_MSG.codeInvalid).waitFor();
      }
    }
    // The sessions list shows this device.
    await page.getByLabel('Código de recuperação').fill(recovery[1]);
    await page.getByRole('button', { name: 'Verificar' }).click();
    await page.waitForURL('**/dashboard');
    await page.goto('/dashboard/seguranca');
    await page.getByText('Este dispositivo').waitFor();
    expect(await page.getByText('Códigos de recuperação restantes: 8').isVisible()).toBe(true);
    await screenshot(page, 'security-06-page');
  });

  it('the super admin reads the messages in Caixa de saída', async () => {
    const page = await newPage(e2e.browser, e2e.server.baseUrl, { width: 360, height: 740 });
    const admin = await signUp(page, { name: 'Plataforma', email: uniqueEmail('plataforma') });
    await e2e.server.db.query(`UPDATE profiles SET user_type = 'super_admin' WHERE email = $1`, [admin.email]);
    await page.goto('/superadmin/caixa-de-saida');
    await page.getByRole('heading', { name: 'Caixa de saída' }).waitFor();
    await page.getByText('Redefinição de senha do Trilha').first().waitFor();
    await expectNoA11yViolations(page, 'outbox list');
    await screenshot(page, 'security-07-outbox-list-360');
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
    await page.getByRole('button', { name: /^Ver e-mail Redefinição/ }).first().click();
    await page.getByTestId('outbox-text').getByText(/redefinir-senha/).waitFor();
    await expectNoA11yViolations(page, 'outbox');
    await screenshot(page, 'security-08-outbox-message-360');
  });

  it('at 360 px: the club rule leads an admin without two-step to Segurança, where they enrol', async () => {
    const page = await newPage(e2e.browser, e2e.server.baseUrl, { width: 360, height: 740 });
    const director = await registerAndCreateClub(page, { account: { name: 'Diretora Eva', email: uniqueEmail('eva') }, clubName: 'Clube Cofre' });
    // The rule can only be turned on by someone who has two-step verification.
    await page.goto('/dashboard/seguranca');
    await page.getByRole('button', { name: 'Ativar verificação em duas etapas' }).click();
    const secret = ((await page.getByTestId('mfa-secret').textContent()) ?? '').replace(/\s+/g, '');
    await screenshot(page, 'security-09-enrol-360');
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
    const totp = new TOTP({ algorithm: 'SHA1', digits: 6, period: 30, secret: Secret.fromBase32(secret) });
    await page.getByLabel('Código', { exact: true }).fill(totp.generate());
    await page.getByRole('button', { name: 'Confirmar' }).click();
    await page.getByRole('button', { name: 'Já guardei os códigos' }).click();
    await page.goto('/dashboard/configuracoes');
    const rule = page.getByLabel('Exigir verificação em duas etapas para administradores e tesoureiros');
    await rule.check();
    await page.getByText(SECURITY_MSG.clubSecuritySaved).waitFor();
    await expectNoA11yViolations(page, 'settings with the club rule');
    await screenshot(page, 'security-10-club-rule-360');

    // A second admin without two-step is led to enrol.
    const [club] = await e2e.server.db.query<{ id: string }>(`SELECT id FROM clubs WHERE name = 'Clube Cofre'`);
    const other = await newPage(e2e.browser, e2e.server.baseUrl, { width: 360, height: 740 });
    const admin2 = await signUp(other, { name: 'Vice Davi', email: uniqueEmail('davi') });
    await e2e.server.db.query(`INSERT INTO club_members (club_id, profile_id, role) SELECT $1, id, 'admin' FROM profiles WHERE email = $2`, [club.id, admin2.email]);
    // The app leaves /dashboard for Segurança as soon as the API refuses the club, which can be before
    // the page's load event: wait only for the navigation to start, then for where it leads.
    // Under load the redirect can even interrupt the navigation before it commits (ERR_ABORTED): the
    // redirect is what is checked next, so that abort is not a failure.
    await other.goto('/dashboard', { waitUntil: 'commit' }).catch((err: unknown) => {
      if (!String(err).includes('ERR_ABORTED')) throw err;
    });
    await other.waitForURL('**/dashboard/seguranca?exigido=1');
    await other.getByText(SECURITY_MSG.clubRequiresMfa).waitFor();
    await expectNoA11yViolations(other, 'led to enrol');
    await screenshot(other, 'security-11-led-to-enrol-360');
    expect(director.clubName).toBe('Clube Cofre');
  });
});
