import { describe, expect, it } from 'vitest';
import { expectCleanConsole, expectNoA11yViolations, newPage, signUp, screenshot, useServerAndBrowser } from './harness.js';

const e2e = useServerAndBrowser();

/**
 * /login arrives with its form already rendered (vite.config.ts, firstPaintPages): a phone paints it
 * with the stylesheet, before the scripts. What is typed before the app runs is kept, and nothing is
 * sent until it does.
 */
describe('the login form painted before the scripts', () => {
  it('is in the HTML of /login only, with its submit button held back', async () => {
    const html = await (await fetch(`${e2e.server.baseUrl}/login`)).text();
    expect(html).toContain('<div id="first-paint">');
    expect(html).toMatch(/<label[^>]*>E-mail<\/label>/);
    expect(html).toMatch(/<button type="submit" disabled=""[^>]*>Entrar<\/button>/);
    expect(await (await fetch(`${e2e.server.baseUrl}/login/`)).text()).toContain('<div id="first-paint">');
    for (const other of ['/', '/cadastro', '/dashboard', '/login/x']) {
      expect(await (await fetch(`${e2e.server.baseUrl}${other}`)).text(), other).not.toContain('first-paint');
    }
  });

  it('takes typing before the app runs, sends nothing until then, and the app keeps it and signs in (360 px)', async () => {
    const setup = await newPage(e2e.browser, e2e.server.baseUrl);
    const account = await signUp(setup);
    await setup.context().close();

    const page = await newPage(e2e.browser, e2e.server.baseUrl, { width: 360, height: 740 });
    // The app's scripts wait until the form has been typed into.
    let release = () => undefined as void;
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route('**/assets/*.js', async (route) => {
      await held;
      await route.continue();
    });
    await page.goto('/login', { waitUntil: 'commit' });
    const first = page.locator('#first-paint');
    await first.getByLabel('E-mail').fill(account.email);
    await first.getByLabel('Senha').fill(account.password);
    await first.getByLabel('Lembrar-me').check();
    expect(await first.getByRole('button', { name: 'Entrar' }).isDisabled()).toBe(true);
    await screenshot(page, 'first-paint-01-login-before-scripts-360');
    // Enter in a form whose button is disabled sends nothing: the password never reaches the address bar.
    await first.getByLabel('Senha').press('Enter');
    await page.waitForTimeout(300);
    expect(new URL(page.url()).pathname).toBe('/login');
    expect(page.url()).not.toContain(account.password);

    release();
    await first.waitFor({ state: 'detached' });
    const form = page.locator('#root form');
    expect(await form.getByLabel('E-mail').inputValue()).toBe(account.email);
    expect(await form.getByLabel('Senha').inputValue()).toBe(account.password);
    expect(await form.getByLabel('Lembrar-me').isChecked()).toBe(true);
    // The focus followed from the first form's password field to the app's.
    expect(await page.evaluate(() => (document.activeElement as HTMLInputElement | null)?.name)).toBe('password');
    expect(await page.getByLabel('E-mail').count()).toBe(1);
    await expectNoA11yViolations(page, '/login after the app took over');
    await screenshot(page, 'first-paint-02-login-after-360');
    await page.getByRole('button', { name: 'Entrar' }).click();
    await page.waitForURL('**/dashboard**');
    expectCleanConsole(page, '/login → /dashboard');
  });
});
