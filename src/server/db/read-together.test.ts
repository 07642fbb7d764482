import { describe, expect, it } from 'vitest';
import { readTogether } from './read-together.js';

describe('readTogether', () => {
  it('callers of the same turn share one read; a later caller gets a read of its own, started after it asked', async () => {
    let reads = 0;
    let value = 'v1';
    const version = readTogether(async () => {
      reads += 1;
      return value;
    });
    expect(await Promise.all([version(), version(), version()])).toEqual(['v1', 'v1', 'v1']);
    expect(reads).toBe(1);
    // A write between two turns: the next caller reads again and sees it.
    value = 'v2';
    expect(await version()).toBe('v2');
    expect(reads).toBe(2);
  });

  it('a failed read fails every caller that shared it, and the next turn reads again', async () => {
    let fail = true;
    const version = readTogether(async () => {
      if (fail) throw new Error('fora do ar');
      return 'ok';
    });
    expect((await Promise.allSettled([version(), version()])).map((r) => r.status)).toEqual(['rejected', 'rejected']);
    fail = false;
    expect(await version()).toBe('ok');
  });
});
