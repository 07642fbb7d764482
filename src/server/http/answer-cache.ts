import type { FastifyRequest } from 'fastify';
import { LRUCache } from 'lru-cache';
import { clubDataVersionOf, type ClubAccess } from './access.js';

/**
 * Answers of club reads kept by the club's data version (ADR 026). Every write to a club's data bumps
 * `club_data_versions.version` when it commits (migration 0390: triggers on every table with a club,
 * on profiles and on a task's parts), and the session lookup reads the version in its own statement.
 * An answer is kept under the version, the person asking, their function and unit in the club, and
 * the exact URL: the same person asking the same thing of the same data gets the same JSON text,
 * without the read's query running again. A write from any instance or from plain SQL moves the
 * version, so no instance can answer from data that changed.
 *
 * Only reads whose answer depends on nothing but the database go through here (no file on disk):
 * members, transactions, the approvals queue, rankings, profiles, the tasks list and the finance
 * report by account; 'Minhas Tarefas' and the monthly report also depend on the clock and are kept
 * only until their next change of time. The super admin's stats and clubs are keyed by the whole
 * platform's version (platformKeyOf).
 */
export class AnswerCache {
  private readonly lru: LRUCache<string, string> | null;
  hits = 0;
  misses = 0;

  /** maxBytes 0 turns the cache off: every read runs its query. */
  constructor(maxBytes: number) {
    this.lru = maxBytes > 0
      // A JS string holds 2 bytes per UTF-16 unit; the key is counted too.
      ? new LRUCache<string, string>({ maxSize: maxBytes, sizeCalculation: (value, key) => 2 * (value.length + key.length) })
      : null;
  }

  /** The key of this request's answer, or null when it cannot be kept (cache off, no version read). */
  keyOf(req: FastifyRequest, access: ClubAccess): string | null {
    if (!this.lru) return null;
    const version = clubDataVersionOf(req, access.clubId);
    if (version === null) return null;
    return `${access.clubId} ${version} ${access.profileId} ${access.role} ${access.unitId ?? '-'} ${access.viaSuperAdmin ? 's' : 'm'} ${req.method} ${req.url}`;
  }

  /**
   * The key of a super admin's platform read: `version` reads the platform's whole data version
   * (platformDataVersion: the sum and count of the clubs' versions, the platform's and the people's),
   * only when the cache is on.
   */
  async platformKeyOf(req: FastifyRequest, profileId: string, version: () => Promise<string>): Promise<string | null> {
    return this.lru ? `platform ${await version()} ${profileId} ${req.method} ${req.url}` : null;
  }

  get(key: string | null): string | undefined {
    if (key === null || !this.lru) return undefined;
    const found = this.lru.get(key);
    if (found === undefined) this.misses += 1;
    else this.hits += 1;
    return found;
  }

  /** Keeps `json` under `key`; with `ttlMs`, only that long (an answer that depends on the clock). */
  set(key: string | null, json: string, ttlMs?: number): void {
    if (key === null || !this.lru) return;
    if (ttlMs === undefined) this.lru.set(key, json);
    else if (ttlMs >= 1) this.lru.set(key, json, { ttl: Math.floor(ttlMs) });
  }

  /**
   * The kept answer of this request, or the one `compute` writes (then kept). A throw keeps nothing.
   * `validForMs`, for an answer that changes with the clock, says (before the answer is computed) how
   * long from now the answer stays the same for unchanged data: the next instant a task opens or
   * closes, the next midnight. The answer is kept until then, counted from before it was asked.
   */
  async json(req: FastifyRequest, access: ClubAccess, compute: () => Promise<string>, validForMs?: () => Promise<number>): Promise<string> {
    return this.keptOr(this.keyOf(req, access), compute, validForMs);
  }

  /** The answer kept under `key`, or the one `compute` writes (then kept; for how long: see json). */
  async keptOr(key: string | null, compute: () => Promise<string>, validForMs?: () => Promise<number>): Promise<string> {
    const kept = this.get(key);
    if (kept !== undefined) return kept;
    const asked = performance.now();
    const validFor = key === null || !validForMs ? undefined : await validForMs();
    const json = await compute();
    this.set(key, json, validFor === undefined ? undefined : asked + validFor - performance.now());
    return json;
  }

  get size(): number {
    return this.lru?.size ?? 0;
  }
}

/** ANSWER_CACHE_MB: memory for kept answers, 16 MB by default; 0 turns the cache off. */
export function answerCacheBytesFromEnv(env: NodeJS.ProcessEnv = process.env): number {
  const raw = env.ANSWER_CACHE_MB?.trim();
  const mb = raw === undefined || raw === '' ? 16 : Number(raw);
  return Number.isFinite(mb) && mb >= 0 ? Math.floor(mb * 1024 * 1024) : 16 * 1024 * 1024;
}
