import { describe, expect, it } from 'vitest';
import { JSDOM } from 'jsdom';
import { hasFirstPaint, takeOverFirstPaint } from './first-paint';

/** The HTML of /login as the build writes it, and the app's form rendered into #root after it. */
function page() {
  const { window } = new JSDOM(
    `<body><div id="first-paint"><form><input type="email" name="email"><input type="password" name="password">` +
      `<input type="checkbox" name="remember"><button type="submit" disabled>Entrar</button></form></div><div id="root"></div></body>`,
  );
  const doc = window.document;
  const root = doc.getElementById('root') as HTMLElement;
  const appForm = () => {
    root.innerHTML =
      '<form><input type="email" name="email"><input type="password" name="password"><input type="checkbox" name="remember"><button type="submit">Entrar</button></form>';
  };
  const input = (scope: string, name: string) => doc.querySelector(`${scope} input[name="${name}"]`) as HTMLInputElement;
  return { doc, root, appForm, input };
}

describe('takeOverFirstPaint (the app takes over the form painted before the scripts)', () => {
  it('carries what was typed and ticked, and the focus, into the app fields of the same name, then leaves', () => {
    const { doc, appForm, input } = page();
    input('#first-paint', 'email').value = 'ana@clube.org';
    input('#first-paint', 'password').value = 'segredo123';
    input('#first-paint', 'remember').checked = true;
    input('#first-paint', 'password').focus();
    appForm();
    expect(hasFirstPaint(doc)).toBe(true);
    takeOverFirstPaint(doc);
    expect(hasFirstPaint(doc)).toBe(false);
    expect(doc.getElementById('first-paint')).toBeNull();
    expect(input('#root', 'email').value).toBe('ana@clube.org');
    expect(input('#root', 'password').value).toBe('segredo123');
    expect(input('#root', 'remember').checked).toBe(true);
    expect(doc.activeElement).toBe(input('#root', 'password'));
  });

  it('leaves what the app already holds when nothing was typed, and ignores fields the app does not have', () => {
    const { doc, root, input } = page();
    root.innerHTML = '<form><input type="email" name="email" value="guardado@clube.org"></form>';
    input('#first-paint', 'password').value = 'segredo123';
    takeOverFirstPaint(doc);
    expect(input('#root', 'email').value).toBe('guardado@clube.org');
    expect(doc.querySelector('input[name="password"]')).toBeNull();
  });

  it('does nothing on a page without one (every page but /login), and a second call does nothing either', () => {
    const { doc, appForm, input } = page();
    appForm();
    takeOverFirstPaint(doc);
    input('#root', 'email').value = 'depois@clube.org';
    takeOverFirstPaint(doc);
    expect(input('#root', 'email').value).toBe('depois@clube.org');
  });
});
