import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { LATEST_MS, QUIET_MS, whenOnline, whenQuiet } from './service-worker';

describe('whenQuiet (the service worker waits for the screen to settle)', () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  function page() {
    let seen = () => undefined as void;
    let stopped = false;
    const observe = (cb: () => void) => {
      seen = cb;
      return () => {
        stopped = true;
      };
    };
    return { observe, activity: () => seen(), stopped: () => stopped };
  }

  it('runs once the page has been quiet for QUIET_MS, and stops watching', () => {
    const p = page();
    const then = vi.fn();
    whenQuiet(then, { now: () => Date.now(), observe: p.observe });
    vi.advanceTimersByTime(QUIET_MS - 500);
    expect(then).not.toHaveBeenCalled();
    vi.advanceTimersByTime(750);
    expect(then).toHaveBeenCalledTimes(1);
    expect(p.stopped()).toBe(true);
    vi.advanceTimersByTime(10_000);
    expect(then).toHaveBeenCalledTimes(1);
  });

  it('waits while downloads and long tasks keep coming', () => {
    const p = page();
    const then = vi.fn();
    whenQuiet(then, { now: () => Date.now(), observe: p.observe });
    for (let i = 0; i < 8; i++) {
      vi.advanceTimersByTime(1000);
      p.activity();
    }
    expect(then).not.toHaveBeenCalled();
    vi.advanceTimersByTime(QUIET_MS + 250);
    expect(then).toHaveBeenCalledTimes(1);
  });

  it('stops watching at its next check, without running, once what it waited for was done another way', () => {
    const p = page();
    const then = vi.fn();
    let requested = false;
    whenQuiet(then, { now: () => Date.now(), observe: p.observe, done: () => requested });
    vi.advanceTimersByTime(500);
    p.activity();
    expect(p.stopped()).toBe(false);
    requested = true; // camp mode asked for the offline copy itself
    vi.advanceTimersByTime(250);
    expect(p.stopped()).toBe(true);
    vi.advanceTimersByTime(LATEST_MS);
    expect(then).not.toHaveBeenCalled();
  });

  it('does not wait past LATEST_MS for a page that never settles', () => {
    const p = page();
    const then = vi.fn();
    whenQuiet(then, { now: () => Date.now(), observe: p.observe });
    for (let t = 0; t < LATEST_MS - 500; t += 500) {
      vi.advanceTimersByTime(500);
      p.activity();
    }
    expect(then).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1000);
    expect(then).toHaveBeenCalledTimes(1);
  });
});

describe('whenOnline (no registration fetch while offline)', () => {
  function browser(onLine: boolean) {
    const listeners: Array<() => void> = [];
    return {
      navigator: { onLine },
      addEventListener: (type: string, cb: () => void) => {
        if (type === 'online') listeners.push(cb);
      },
      comeBack: () => listeners.splice(0).forEach((cb) => cb()),
    };
  }

  it('runs at once when online', () => {
    const b = browser(true);
    const then = vi.fn();
    whenOnline(then, b as never);
    expect(then).toHaveBeenCalledTimes(1);
  });

  it('waits for the connection to come back when offline, then runs once', () => {
    const b = browser(false);
    const then = vi.fn();
    whenOnline(then, b as never);
    expect(then).not.toHaveBeenCalled();
    b.comeBack();
    expect(then).toHaveBeenCalledTimes(1);
    b.comeBack();
    expect(then).toHaveBeenCalledTimes(1);
  });
});
