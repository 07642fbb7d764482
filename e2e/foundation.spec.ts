import { describe, expect, it } from 'vitest';
import { AUTH_MSG } from '../src/shared/auth.js';
import { expectCleanConsole, expectNoA11yViolations, loginThroughUi, newPage, registerAndCreateClub, registerThroughUi, screenshot, uniqueEmail, useServerAndBrowser } from './harness.js';
import { LEGACY_PATHS } from '../src/web/app/legacy-paths.js';

const e2e = useServerAndBrowser();

describe('foundation journey', () => {
  it('landing → register → create club → dashboard → sign out → guard', async () => {
    const page = await newPage(e2e.browser, e2e.server.baseUrl);
    await page.goto('/');
    expect(await page.getByRole('heading', { level: 1 }).textContent()).toContain('pontuando junto');
    // An anonymous page reads the session without a 401 and React Router without a warning (issue 31).
    await page.waitForLoadState('networkidle');
    expectCleanConsole(page, 'landing');
    expect(await page.getByText('Cadastro grátis').isVisible()).toBe(true);
    expect(await page.getByText('Sem cartão de crédito').isVisible()).toBe(true);
    expect(await page.getByText('Pronto em 5 minutos').isVisible()).toBe(true);
    // Six features and four facts; no invented testimonials or star ratings (issue 31).
    expect(await page.getByRole('heading', { level: 3 }).count()).toBe(10);
    expect(await page.locator('main').textContent()).not.toMatch(/estrelas|Quem usa|recomenda/i);
    await expectNoA11yViolations(page, 'landing');
    await screenshot(page, 'foundation-01-landing');

    await page.getByRole('link', { name: 'Criar conta' }).first().click();
    await page.waitForURL('**/cadastro');
    await expectNoA11yViolations(page, 'register');
    const acc = await registerThroughUi(page, { name: 'Diretora Ana' });

    // No empty club selector for a new account: the first steps, the first one to do (issue 31).
    const steps = page.getByRole('region', { name: 'Primeiros passos' });
    await steps.getByText('0 de 5 feitos').waitFor();
    await expectNoA11yViolations(page, 'dashboard without club');
    expectCleanConsole(page, 'dashboard without club');
    await screenshot(page, 'foundation-02-no-club');
    // A club screen with no club: the router's one guard says what the screen is for (issue 44).
    await page.goto('/dashboard/programa/membro/x');
    await page.getByText('Você ainda não participa de um clube para ver o cartão.').waitFor();
    await page.goto('/dashboard/unidades');
    await page.getByText('Você ainda não participa de um clube para gerenciar unidades.').waitFor();
    expectCleanConsole(page, 'club screen without club');

    await page.locator('main').getByRole('link', { name: 'Criar clube' }).click();
    await page.getByLabel('Nome do clube').fill('Águias do Sul');
    // The slug follows the name, and the time zone defaults to São Paulo.
    expect(await page.getByLabel('Identificador do clube').inputValue()).toBe('aguias-do-sul');
    expect(await page.getByLabel('Fuso horário').inputValue()).toBe('America/Sao_Paulo');
    await expectNoA11yViolations(page, 'create club');
    await screenshot(page, 'foundation-03-create-club');
    await page.getByRole('button', { name: 'Criar clube' }).click();

    await page.getByRole('heading', { name: 'Bem-vindo ao Águias do Sul' }).waitFor();
    expect(await page.getByLabel('Clube atual').inputValue()).not.toBe('');
    // The checklist stays until the club is set up; its next step is the units.
    await steps.getByText('1 de 5 feitos').waitFor();
    await steps.getByRole('link', { name: 'Criar a primeira unidade' }).waitFor();
    // Real counters: the creator is the one active member.
    const members = page.getByRole('group', { name: 'Membros Ativos' });
    await expect.poll(() => members.textContent()).toBe('Membros Ativos1');
    await expect.poll(() => page.getByRole('group', { name: 'Tarefas Pendentes' }).textContent()).toBe('Tarefas Pendentes0');
    await expectNoA11yViolations(page, 'dashboard');
    await screenshot(page, 'foundation-04-dashboard');

    // Quick actions navigate.
    await page.getByRole('link', { name: 'Ver ranking' }).click();
    await page.waitForURL('**/dashboard/ranking');
    await page.goBack();

    await page.getByRole('button', { name: 'Sair' }).click();
    await page.waitForURL('**/login');
    await page.goto('/dashboard');
    await page.waitForURL('**/login');
    await expectNoA11yViolations(page, 'login');

    await loginThroughUi(page, acc.email);
    await page.getByRole('heading', { name: 'Bem-vindo ao Águias do Sul' }).waitFor();
    await page.context().close();
  });

  it('login failure shows a pt-BR message in a red box', async () => {
    const page = await newPage(e2e.browser, e2e.server.baseUrl);
    await page.goto('/login');
    await page.getByLabel('E-mail').fill(uniqueEmail('ninguem'));
    await page.getByLabel('Senha').fill('errada123');
    await page.getByRole('button', { name: 'Entrar' }).click();
    const alert = page.getByRole('alert').filter({ hasText: AUTH_MSG.invalidCredentials });
    await alert.waitFor();
    expect(await alert.getAttribute('class')).toContain('bg-red-50');
    await screenshot(page, 'foundation-05-login-error');
    await page.context().close();
  });

  it('every register validation message', async () => {
    const page = await newPage(e2e.browser, e2e.server.baseUrl);
    await page.goto('/cadastro');
    await page.getByRole('button', { name: 'Criar conta' }).click();
    await page.getByText(AUTH_MSG.nameRequired).waitFor();
    await page.getByLabel('Nome completo').fill('Teste');
    await page.getByLabel('E-mail').fill('sem-arroba');
    await page.getByLabel('Senha', { exact: true }).fill('abc');
    await page.getByLabel('Confirmar senha').fill('abc');
    await page.getByRole('button', { name: 'Criar conta' }).click();
    await page.getByText(AUTH_MSG.emailInvalid).waitFor();
    await page.getByText(AUTH_MSG.passwordTooShort).waitFor();
    await page.getByLabel('E-mail').fill(uniqueEmail());
    await page.getByLabel('Senha', { exact: true }).fill('abcdef');
    await page.getByLabel('Confirmar senha').fill('abcdeX');
    await page.getByRole('button', { name: 'Criar conta' }).click();
    await page.getByText(AUTH_MSG.passwordsDiffer).waitFor();
    await expectNoA11yViolations(page, 'register with errors');
    await screenshot(page, 'foundation-06-register-errors');

    // An e-mail already in use gets its own message.
    const existing = uniqueEmail('existente');
    const other = await newPage(e2e.browser, e2e.server.baseUrl);
    await registerThroughUi(other, { email: existing });
    await other.context().close();
    await page.getByLabel('E-mail').fill(existing);
    await page.getByLabel('Confirmar senha').fill('abcdef');
    await page.getByRole('button', { name: 'Criar conta' }).click();
    await page.getByText(AUTH_MSG.emailTaken).waitFor();
    await page.context().close();
  });

  it('guards: /superadmin sends a member to /dashboard; unknown routes show a not-found page', async () => {
    const page = await newPage(e2e.browser, e2e.server.baseUrl);
    await registerAndCreateClub(page, { clubName: 'Clube Guarda' });
    await page.goto('/superadmin');
    await page.waitForURL(/\/dashboard$/);
    expect(await page.getByRole('link', { name: 'Super Admin' }).count()).toBe(0);
    await page.goto('/nao-existe');
    await page.getByText('Página não encontrada').waitFor();
    await page.context().close();
  });

  it('every old English path redirects to its pt-BR one, keeping the id, the query and the hash (issue 32)', async () => {
    const guest = await newPage(e2e.browser, e2e.server.baseUrl);
    await guest.goto('/register?convite=1');
    await guest.waitForURL((u) => u.pathname === '/cadastro' && u.search === '?convite=1');
    await guest.context().close();
    const page = await newPage(e2e.browser, e2e.server.baseUrl);
    await registerAndCreateClub(page, { clubName: 'Clube Caminhos' });
    for (const [from, to] of LEGACY_PATHS.filter(([f]) => f.startsWith('/dashboard/'))) {
      await page.goto(`${from}?pagina=2#fim`);
      await page.waitForURL((u) => u.pathname === to && u.search === '?pagina=2' && u.hash === '#fim');
    }
    await page.goto('/dashboard/members/00000000-0000-4000-8000-000000000000?aba=presenca');
    await page.waitForURL((u) => u.pathname === '/dashboard/membros/00000000-0000-4000-8000-000000000000' && u.search === '?aba=presenca');
    await page.context().close();
  });

  it('works at 360 px: the menu opens as a drawer', async () => {
    const page = await newPage(e2e.browser, e2e.server.baseUrl, { width: 360, height: 740 });
    await registerAndCreateClub(page, { clubName: 'Clube Celular' });
    await page.getByRole('button', { name: 'Abrir menu' }).click();
    await page.getByRole('link', { name: 'Unidades' }).click();
    await page.waitForURL('**/dashboard/unidades');
    await expectNoA11yViolations(page, 'units at 360px');
    await screenshot(page, 'foundation-07-mobile');
    const width = await page.evaluate(() => document.documentElement.scrollWidth);
    expect(width).toBeLessThanOrEqual(360);
    await page.context().close();
  });

  it('the accessibility check fails on a serious violation, and again after a navigation', async () => {
    const page = await newPage(e2e.browser, e2e.server.baseUrl);
    await page.setContent('<html lang="pt-BR"><head><title>t</title></head><body><main><h1>Teste</h1><button></button></main></body></html>');
    await expect(expectNoA11yViolations(page, 'a button without a name')).rejects.toThrow(/button-name \(critical\)/);
    await page.goto('/login');
    await page.getByRole('button', { name: 'Entrar' }).waitFor();
    await expectNoA11yViolations(page, 'login');
    await page.evaluate(() => document.querySelector('main')?.append(document.createElement('button')));
    await expect(expectNoA11yViolations(page, 'login with a button without a name')).rejects.toThrow(/button-name/);
    await page.context().close();
  });
});
