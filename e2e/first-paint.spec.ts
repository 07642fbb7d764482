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
    // The app's entry is named, not run: the loader imports it at the first touch (ADR 093).
    expect(html).toMatch(/<script type="module" src="\/load-on-intent\.js" data-entry="\/assets\/index-[\w-]+\.js"><\/script>/);
    expect(html).not.toMatch(/<script[^>]* src="\/assets\//);
    // A browser with a session cookie gets the app itself, which goes on to the dashboard.
    const withCookie = await fetch(`${e2e.server.baseUrl}/login`, { headers: { cookie: 'trilha_session=x' } });
    expect(await withCookie.text()).not.toContain('first-paint');
    expect(withCookie.headers.get('vary')).toMatch(/cookie/i);
  });

  it('runs none of the app until someone touches the page; a key press brings it, and a signed-in browser goes on', async () => {
    const page = await newPage(e2e.browser, e2e.server.baseUrl, { width: 360, height: 740 });
    const scripts: string[] = [];
    page.on('request', (r) => {
      if (r.resourceType() === 'script') scripts.push(new URL(r.url()).pathname);
    });
    await page.goto('/login');
    await page.waitForTimeout(1_500);
    expect(scripts.filter((s) => /^\/assets\/index-/.test(s))).toEqual([]);
    expect(await page.locator('#root').innerHTML()).toBe('');
    expect(await page.locator('#first-paint').count()).toBe(1);
    await page.keyboard.press('Tab');
    await page.locator('#first-paint').waitFor({ state: 'detached' });
    await page.locator('#root form').getByLabel('E-mail').waitFor();
    expect(scripts.some((s) => /^\/assets\/index-/.test(s))).toBe(true);
    expectCleanConsole(page, '/login after a key');

    const account = await signUp(page);
    expect(account.email).toContain('@');
    await page.goto('/login');
    await page.waitForURL('**/dashboard**');
    expectCleanConsole(page, '/login signed in');
    await page.context().close();
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
