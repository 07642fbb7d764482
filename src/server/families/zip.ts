import { Readable } from 'node:stream';
import type * as Fflate from 'fflate';
import { requireLazily } from '../lazy-module.js';

/**
 * A zip archive as a stream (issue 44): each file is deflated by fflate's streaming `Zip` and its bytes
 * go out as they are compressed, so the answer never holds the whole archive. Names are UTF-8.
 */
export function zipStream(files: Iterable<{ name: string; content: string | Uint8Array }>, date = new Date()): Readable {
  const fflate = requireLazily('fflate') as typeof Fflate;
  const out = new Readable({ read() {} });
  const zip = new fflate.Zip((err, chunk, final) => {
    if (err) {
      out.destroy(err);
      return;
    }
    out.push(Buffer.from(chunk));
    if (final) out.push(null);
  });
  try {
    for (const file of files) {
      const entry = new fflate.ZipDeflate(file.name, { level: 6 });
      entry.mtime = date;
      zip.add(entry);
      entry.push(typeof file.content === 'string' ? fflate.strToU8(file.content) : file.content, true);
    }
    zip.end();
  } catch (err) {
    out.destroy(err as Error);
  }
  return out;
}
