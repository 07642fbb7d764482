/**
 * react-hot-toast's `endPause` adds `now - pausedAt` to every toast's pause, reading `pausedAt` from the
 * render it was made in. Called twice before the next render (the toaster's "mouseleave" and the hover
 * check of the same moment, on a busy phone), the second call adds `now - 0`: about 1.8 × 10¹² ms. The
 * browser reads a timer's delay as a 32-bit integer, so the toast then leaves at once or after any time up
 * to 24 days, depending on the hour it was made. Each `endPause` is made for one pause (its `pausedAt`):
 * this calls each one once. A call with a handler made before the pause began does nothing, and the
 * next render's handler ends the pause.
 */
export function endEachPauseOnce(current: () => () => void): () => void {
  let last: (() => void) | null = null;
  return () => {
    const endPause = current();
    if (endPause === last) return;
    last = endPause;
    endPause();
  };
}
