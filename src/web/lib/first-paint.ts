/**
 * A page the build rendered ahead of time (`vite.config.ts`, `firstPaintPages`) arrives in the HTML as
 * `<div id="first-paint">`, beside the app's empty `#root`: the phone paints the form as soon as the
 * stylesheet is in, instead of after the 100 KB of scripts. It is a picture that takes input: its submit
 * button is disabled, so nothing is sent before the app runs.
 *
 * When the app's first screen has rendered, it takes over: what the person already typed or ticked goes
 * into the fields of the same name, the focus and the caret follow, and the ahead-of-time copy leaves,
 * all before the browser paints again.
 */
export const FIRST_PAINT_ID = 'first-paint';

/** True while the ahead-of-time page is on screen (the router's loading spinner then stays hidden). */
export function hasFirstPaint(doc: Document = document): boolean {
  return doc.getElementById(FIRST_PAINT_ID) !== null;
}

export function takeOverFirstPaint(doc: Document = document): void {
  const first = doc.getElementById(FIRST_PAINT_ID);
  if (!first) return;
  const fields = [...(doc.getElementById('root')?.querySelectorAll<HTMLInputElement>('input[name]') ?? [])];
  const focused = doc.activeElement;
  for (const old of first.querySelectorAll<HTMLInputElement>('input[name]')) {
    const now = fields.find((el) => el.name === old.name && el.type === old.type);
    if (!now) continue;
    if (old.type === 'checkbox' || old.type === 'radio') now.checked = old.checked;
    else if (old.value !== '') now.value = old.value;
    if (old === focused) {
      now.focus();
      // Only text-like inputs have a caret (an e-mail input throws here): the focus is what matters.
      try {
        now.setSelectionRange(old.selectionStart, old.selectionEnd);
      } catch {
        /* no caret to place */
      }
    }
  }
  first.remove();
}
