// /login's loader (ADR 093). login.html arrives with the form already painted (ADR 091); the app's entry,
// named in this tag's data-entry, is imported at the first sign that someone is there: a touch, a key,
// a pointer moving, a field taking focus, a scroll. Until then the page runs no script of the app, so a
// phone that only shows the form does no work. What was typed is carried over when the app takes over
// (src/web/lib/first-paint.ts).
/* global document, addEventListener, removeEventListener */
const tag = document.querySelector('script[data-entry]');
const entry = tag && tag.getAttribute('data-entry');
const intents = ['pointerdown', 'pointermove', 'touchstart', 'keydown', 'focusin', 'wheel', 'scroll'];
let started = false;
function start() {
  if (started || !entry) return;
  started = true;
  for (const type of intents) removeEventListener(type, start, true);
  import(entry);
}
for (const type of intents) addEventListener(type, start, { capture: true, passive: true });
// A field already focused or typed into (autofill, a fast thumb) before this ran.
if (document.activeElement && document.activeElement !== document.body) start();
else if ([...document.querySelectorAll('#first-paint input')].some((i) => (i.type === 'checkbox' ? i.checked : i.value))) start();
