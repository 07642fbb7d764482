import path from 'node:path';
import { fileURLToPath } from 'node:url';

export interface EnvConfig {
  port: number;
  host: string;
  dataDir: string;
  databaseUrl?: string;
  webDir: string;
  production: boolean;
}

/** Reads PORT, HOST, DATA_DIR, DATABASE_URL and NODE_ENV with the defaults of the README. */
export function readEnv(env: NodeJS.ProcessEnv = process.env): EnvConfig {
  const root = fileURLToPath(new URL('../..', import.meta.url));
  return {
    port: Number(env.PORT ?? 3000),
    host: env.HOST ?? '0.0.0.0',
    dataDir: path.resolve(env.DATA_DIR ?? path.join(root, 'data')),
    databaseUrl: env.DATABASE_URL || undefined,
    webDir: path.join(root, 'dist', 'web'),
    production: env.NODE_ENV === 'production',
  };
}
