import { describe, expect, it } from 'vitest';
import { endEachPauseOnce } from './toast-pause';

/** The reducer of react-hot-toast 2.6 for "end pause", with the handler of one render. */
function store() {
  const state = { pausedAt: undefined as number | undefined, pauseDuration: 0 };
  const render = () => {
    const s = state.pausedAt;
    return () => {
      if (!s) return;
      const now = Date.now();
      state.pauseDuration += now - (state.pausedAt || 0);
      state.pausedAt = undefined;
    };
  };
  return { state, render };
}

describe('endEachPauseOnce', () => {
  it('two ends of one pause before the next render add the pause once', () => {
    const { state, render } = store();
    state.pausedAt = Date.now() - 1000;
    const handler = render();
    const end = endEachPauseOnce(() => handler);
    end();
    end();
    expect(state.pausedAt).toBeUndefined();
    expect(state.pauseDuration).toBeGreaterThanOrEqual(1000);
    expect(state.pauseDuration).toBeLessThan(60_000);
  });

  it('without it, the second end adds the whole clock (what kept a toast on screen)', () => {
    const { state, render } = store();
    state.pausedAt = Date.now() - 1000;
    const handler = render();
    handler();
    handler();
    expect(state.pauseDuration).toBeGreaterThan(1e12);
  });

  it('an end with a handler from before the pause does nothing, and the next render ends it', () => {
    const { state, render } = store();
    let handler = render(); // made before the pointer came in
    const end = endEachPauseOnce(() => handler);
    state.pausedAt = Date.now() - 500; // the pause began, not yet rendered
    end();
    expect(state.pausedAt).toBeDefined();
    handler = render();
    end();
    expect(state.pausedAt).toBeUndefined();
    expect(state.pauseDuration).toBeLessThan(60_000);
  });

  it('a new pause is ended again', () => {
    const { state, render } = store();
    let handler = render();
    const end = endEachPauseOnce(() => handler);
    for (const ago of [300, 700]) {
      state.pausedAt = Date.now() - ago;
      handler = render();
      end();
      expect(state.pausedAt).toBeUndefined();
      handler = render();
    }
    expect(state.pauseDuration).toBeGreaterThanOrEqual(1000);
    expect(state.pauseDuration).toBeLessThan(60_000);
  });
});
