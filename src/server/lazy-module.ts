import { createRequire } from 'node:module';

/**
 * Loads an npm package (CommonJS) when first needed instead of at start. Packages only some servers
 * or some requests use (S3, SMTP, Redis, PostgreSQL's driver, CSV, QR codes, the SVG sanitiser's DOM)
 * cost start-up time and resident memory to every process otherwise (ADR 022).
 */
export const requireLazily = createRequire(import.meta.url);

/** Detects a file's type from its bytes (file-type is an ES module, loaded on the first upload). */
export async function fileTypeOf(bytes: Uint8Array): Promise<{ ext: string; mime: string } | undefined> {
  const { fileTypeFromBuffer } = await import('file-type');
  return fileTypeFromBuffer(bytes);
}
