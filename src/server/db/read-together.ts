/**
 * Reads asked for in the same turn of the event loop, done together: the callers wait until the next
 * setImmediate (every request whose bytes came in this turn has asked by then), or until `maxBatch` have
 * asked, and one `readMany` answers all of them, each with the answer at its position. The read starts
 * after all of its callers asked, so each still sees every write committed before it asked; a caller
 * never joins a read already under way. A failed read fails every caller that shared it.
 */
export function readInTurns<In, Out>(readMany: (inputs: In[]) => Promise<Out[]>, maxBatch = Infinity): (input: In) => Promise<Out> {
  let waiting: Array<{ input: In; resolve(value: Out): void; reject(err: unknown): void }> = [];
  let scheduled = false;
  const flush = () => {
    const batch = waiting;
    waiting = [];
    scheduled = false;
    if (batch.length === 0) return;
    readMany(batch.map((w) => w.input)).then(
      (outputs) => batch.forEach((w, i) => w.resolve(outputs[i])),
      (err: unknown) => batch.forEach((w) => w.reject(err)),
    );
  };
  return (input) => new Promise<Out>((resolve, reject) => {
    waiting.push({ input, resolve, reject });
    if (waiting.length >= maxBatch) flush();
    else if (!scheduled) {
      scheduled = true;
      setImmediate(flush);
    }
  });
}

/** A read whose answer is the same for every caller (the platform's data version), shared by the callers of one turn. */
export function readTogether<T>(read: () => Promise<T>): () => Promise<T> {
  const shared = readInTurns<null, T>(async (callers) => {
    const value = await read();
    return callers.map(() => value);
  });
  return () => shared(null);
}
