import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';
import { chmod, mkdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';

/** AES-256-GCM over the health form's JSON: `v1.<iv>.<tag>.<ciphertext>` (base64url parts). */
export interface HealthCipher {
  encrypt(plain: string): string;
  decrypt(sealed: string): string;
}

const KEY_FILE = 'health.key';

/**
 * The key comes from HEALTH_DATA_KEY (32 bytes, base64); without it the embedded default keeps one in
 * DATA_DIR/health.key, created on first use with owner-only permissions (0600). Keeping the key out of
 * the database means a stolen dump or backup of the database alone does not reveal health data.
 */
export async function loadHealthKey(dataDir: string, envKey = process.env.HEALTH_DATA_KEY): Promise<Buffer> {
  if (envKey) {
    const key = Buffer.from(envKey, 'base64');
    if (key.length !== 32) throw new Error('HEALTH_DATA_KEY deve ter 32 bytes em base64');
    return key;
  }
  const file = path.join(dataDir, KEY_FILE);
  try {
    const key = Buffer.from((await readFile(file, 'utf8')).trim(), 'base64');
    if (key.length === 32) return key;
    throw new Error(`${file} não contém uma chave de 32 bytes`);
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== 'ENOENT') throw err;
  }
  await mkdir(dataDir, { recursive: true });
  const key = randomBytes(32);
  // 'wx' refuses to overwrite a key another process wrote a moment ago; then that one is read.
  try {
    await writeFile(file, key.toString('base64'), { mode: 0o600, flag: 'wx' });
    await chmod(file, 0o600);
    return key;
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'EEXIST') return loadHealthKey(dataDir, envKey);
    throw err;
  }
}

export function healthCipher(key: Buffer): HealthCipher {
  return {
    encrypt(plain) {
      const iv = randomBytes(12);
      const cipher = createCipheriv('aes-256-gcm', key, iv);
      const data = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
      return ['v1', iv.toString('base64url'), cipher.getAuthTag().toString('base64url'), data.toString('base64url')].join('.');
    },
    decrypt(sealed) {
      const [version, iv, tag, data] = sealed.split('.');
      if (version !== 'v1' || !iv || !tag || data === undefined) throw new Error('ficha médica em formato desconhecido');
      const decipher = createDecipheriv('aes-256-gcm', key, Buffer.from(iv, 'base64url'));
      decipher.setAuthTag(Buffer.from(tag, 'base64url'));
      return Buffer.concat([decipher.update(Buffer.from(data, 'base64url')), decipher.final()]).toString('utf8');
    },
  };
}

const cache = new Map<string, Promise<HealthCipher>>();
/** One cipher per data dir for the process' lifetime. */
export function healthCipherFor(dataDir: string): Promise<HealthCipher> {
  let c = cache.get(dataDir);
  if (!c) {
    c = loadHealthKey(dataDir).then(healthCipher);
    c.catch(() => cache.delete(dataDir));
    cache.set(dataDir, c);
  }
  return c;
}
