import type { Db } from '../db/index.js';
import type { TProfile } from '../../shared/auth.js';
import type { LoginRateLimiter } from '../auth/rate-limit.js';
import type { Storage } from '../storage/storage.js';

export interface AuthState {
  sessionId: string;
  profile: TProfile;
}

declare module 'fastify' {
  interface FastifyInstance {
    db: Db;
    loginLimiter: LoginRateLimiter;
    storage: Storage;
    config: AppRuntimeConfig;
  }
  interface FastifyRequest {
    auth: AuthState | null;
  }
}

export interface AppRuntimeConfig {
  dataDir: string;
  secureCookies: boolean;
  webDir: string | null;
}
