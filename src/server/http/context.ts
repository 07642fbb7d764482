import type { Db } from '../db/index.js';
import type { TProfile } from '../../shared/auth.js';
import type { Limits, LoginThrottle } from './rate-limit.js';
import type { CounterStore } from './counter-store.js';
import type { Storage } from '../storage/storage.js';

export interface AuthState {
  sessionId: string;
  profile: TProfile;
}

declare module 'fastify' {
  interface FastifyInstance {
    db: Db;
    limits: Limits;
    counterStore: CounterStore;
    loginThrottle: LoginThrottle;
    storage: Storage;
    config: AppRuntimeConfig;
    /** Every route registered, with its options (the permission walk reads their declarations). */
    routeCatalog: RouteOptions[];
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
