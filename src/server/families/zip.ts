import { Readable } from 'node:stream';
import type * as Fflate from 'fflate';
import { requireLazily } from '../lazy-module.js';

export interface ZipFile {
  name: string;
  content: string | Uint8Array;
  /** Kept as is, not deflated: a PDF, JPEG or PNG is compressed already, deflating it again costs time for nothing. */
  stored?: boolean;
}

/**
 * A zip archive as a stream (issue 44): each file is deflated by fflate's streaming `Zip` and its bytes
 * go out as they are compressed, so the answer never holds the whole archive. Names are UTF-8.
 * Files may come from an async source (the pasta's documents, read one by one from storage): the next
 * one is asked for only once the reader has taken what the last one produced, so memory holds about
 * one file, not the archive (issue 47).
 */
export function zipStream(files: Iterable<ZipFile> | AsyncIterable<ZipFile>, date = new Date()): Readable {
  const fflate = requireLazily('fflate') as typeof Fflate;
  let wake: (() => void) | null = null;
  const resume = () => {
    const w = wake;
    wake = null;
    w?.();
  };
  const out = new Readable({ read: resume });
  out.once('close', resume);
  const drained = () => (out.destroyed || out.readableLength < out.readableHighWaterMark
    ? Promise.resolve()
    : new Promise<void>((resolve) => { wake = resolve; }));
  const zip = new fflate.Zip((err, chunk, final) => {
    if (err) {
      out.destroy(err);
      return;
    }
    out.push(Buffer.from(chunk));
    if (final) out.push(null);
  });
  void (async () => {
    try {
      for await (const file of files) {
        if (out.destroyed) return;
        const entry = file.stored ? new fflate.ZipPassThrough(file.name) : new fflate.ZipDeflate(file.name, { level: 6 });
        entry.mtime = date;
        zip.add(entry);
        entry.push(typeof file.content === 'string' ? fflate.strToU8(file.content) : file.content, true);
        await drained();
      }
      if (!out.destroyed) zip.end();
    } catch (err) {
      out.destroy(err as Error);
    }
  })();
  return out;
}
