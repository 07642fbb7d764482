import { unzipSync } from 'fflate';

/** The files of a zip the API sent, by name (the LGPD export's tests read it back). */
export function readZip(zip: Uint8Array): Map<string, Buffer> {
  return new Map(Object.entries(unzipSync(zip)).map(([name, bytes]) => [name, Buffer.from(bytes)]));
}
