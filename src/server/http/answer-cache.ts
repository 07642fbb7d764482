import type { FastifyReply, FastifyRequest } from 'fastify';
import { negotiate } from '@fastify/accept-negotiator';
import { LRUCache } from 'lru-cache';
import { brotliCompressSync, constants as zlib, gzipSync } from 'node:zlib';
import { createHash } from 'node:crypto';
import { clubDataVersionOf } from './access.js';
import { type AuthState, type ClubAccess } from '../core/access.js';
import { sendJsonText } from './json-text.js';
import { clubFence, type Db, type ReadRouter } from '../db/index.js';

/** Answers from this size up go compressed when the client accepts it (the compress plugin's threshold too). */
export const COMPRESS_FROM_BYTES = 1024;
/** The encodings the server writes, in its order of preference (the compress plugin's too). */
export const ENCODINGS = ['br', 'gzip'] as const;
type Encoding = (typeof ENCODINGS)[number];
const SUPPORTED: Encoding[] = [...ENCODINGS];
/** Brotli as the compress plugin writes it (text mode, quality 4): fast enough for an answer computed once per version. */
const BROTLI = { params: { [zlib.BROTLI_PARAM_MODE]: zlib.BROTLI_MODE_TEXT, [zlib.BROTLI_PARAM_QUALITY]: 4 } };

/**
 * One answer: its JSON text and, once a client asked for them, its brotli and gzip bytes. A kept
 * answer is compressed once per encoding, not on every read (the compress plugin would redo it for
 * every request: most of the server's work on a kept read of a 50-row list).
 */
export class Answer {
  br?: Buffer;
  gzip?: Buffer;
  private tag?: string;
  /** kept: the answer is in the cache, so its compressed bytes are worth keeping with it. */
  constructor(readonly json: string, readonly kept: boolean) {}

  /**
   * A weak entity tag of the JSON text, computed once per kept answer. Weak: the same text goes plain,
   * brotli or gzip. From the text, not the cache key: a write that moved the club's version without
   * changing this answer still revalidates to 304.
   */
  get etag(): string {
    return (this.tag ??= `W/"${createHash('sha1').update(this.json).digest('base64url')}"`);
  }

  /** The bytes for `encoding`, compressed the first time they are asked for. */
  compressed(encoding: Encoding): Buffer {
    if (encoding === 'br') return (this.br ??= brotliCompressSync(this.json, BROTLI));
    return (this.gzip ??= gzipSync(this.json));
  }
}

/**
 * The encoding this request gets for an answer of `length` UTF-16 units, or null for plain JSON (the
 * compress plugin's rules). The length is never more than the UTF-8 bytes, so an answer it puts under
 * the threshold may still pass 1 KB in bytes: that one goes as text, and the plugin compresses it.
 */
function encodingFor(req: FastifyRequest, length: number): Encoding | null {
  if (length < COMPRESS_FROM_BYTES || req.headers['x-no-compression'] !== undefined) return null;
  const accept = req.headers['accept-encoding'];
  if (typeof accept !== 'string') return null;
  // "*" and "x-gzip" count as gzip, as in the compress plugin.
  // No cache of negotiated headers: the header is the client's, and a map of every one seen would grow without bound.
  return negotiate<Encoding>(accept.toLowerCase().replace(/\*|x-gzip/gu, 'gzip'), SUPPORTED);
}

/** Whether an If-None-Match header names this entity tag (weak comparison, as RFC 9110 asks for it; `*` matches any). */
function noneMatch(header: string | undefined, etag: string): boolean {
  if (header === undefined) return false;
  const bare = etag.slice(2);
  return header.split(',').some((t) => {
    const tag = t.trim();
    return tag === '*' || tag === etag || tag === bare || (tag.startsWith('W/') && tag.slice(2) === bare);
  });
}

/**
 * Sends an answer. A kept one carries its ETag (the browser revalidates it: `private, no-cache`) and
 * answers 304 with no body when the client already holds it; of 1 KB or more it goes with the bytes
 * kept for the encoding the client accepts (Content-Encoding set, so the compress plugin leaves it
 * alone). Any other goes as JSON text, which the plugin compresses as usual.
 */
export function sendAnswer(req: FastifyRequest, reply: FastifyReply, answer: Answer) {
  if (answer.kept) {
    reply.header('ETag', answer.etag).header('Cache-Control', 'private, no-cache');
    if (noneMatch(req.headers['if-none-match'], answer.etag)) return reply.code(304).send();
  }
  const encoding = answer.kept ? encodingFor(req, answer.json.length) : null;
  if (encoding === null) return sendJsonText(reply, answer.json);
  reply.header('Vary', 'accept-encoding').header('Content-Encoding', encoding).type('application/json');
  return reply.send(answer.compressed(encoding));
}

/**
 * A read that is not kept but has a cheap tag of what it would answer (e.g. the club's data version):
 * tags the reply (private, revalidated by the browser) and answers 304 with no body when the client
 * already holds it. Returns the reply when it answered, null when the caller must compute the answer.
 */
export function replyIfUnchanged(req: FastifyRequest, reply: FastifyReply, tag: string): FastifyReply | null {
  reply.header('ETag', tag).header('Cache-Control', 'private, no-cache');
  return noneMatch(req.headers['if-none-match'], tag) ? reply.code(304).send() : null;
}

/** What a kept read's computation is running for; the fence test (answer-cache-fence.test.ts) reads its SQL meanwhile. */
export interface KeptReadScope {
  /** The route's URL pattern. */
  route: string;
  /** The read declared how long its answer holds (validForMs): it may read the clock, and is kept only that long. */
  clockBound: boolean;
  /**
   * What the key's version covers: 'club' (the club's and the platform's data versions, ADR 026) or
   * 'person' (the person's notifications version, ADR 087). The fence checks the tables against it.
   */
  keyedBy: 'club' | 'person';
}

/**
 * Told when a kept read starts and ends computing its answer (tests, one request at a time). Not an
 * AsyncLocalStorage: on Node 20 one turns on a hook on every promise of the process.
 */
export interface KeptReadObserver {
  start(scope: KeptReadScope): void;
  end(): void;
}

/** An answer a kept read computed but that must not be kept (sent once, as it is). */
export class Unkept {
  constructor(readonly json: string) {}
}

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
 * members, transactions, the approvals queue, rankings, profiles, the tasks list, the club's badges
 * and the finance report by account; 'Minhas Tarefas' and the monthly report also depend on the clock and are kept
 * only until their next change of time, as are the reads of the club's day (ADR 084): cobranças, one charge, the
 * member's charges, quem deve, the receivables/defaults/events reports, the events and one event, the cartão,
 * the grade, prontos para investidura and the programme reports, kept until the club's next midnight, as are the
 * secretaria's books, the patrimônio and uniform reads and the Associação's readiness, diretoria, evaluation,
 * calendar, plan and reports (`sendKept` in kept-read.ts). The dashboard's panel is kept until a task opens or
 * closes, a meeting starts or its 3 hours pass, or the club's day ends. The super admin's stats and clubs are keyed by the whole
 * platform's version (platformKeyOf); a person's bell and notification list by the version of their notifications
 * (personalKeyOf, ADR 087). A kept answer also keeps its compressed bytes (Answer), so a
 * browser's repeated read is not compressed again.
 */
export class AnswerCache {
  private readonly lru: LRUCache<string, Answer> | null;
  /** Reads answered from memory. */
  hits = 0;
  /** Answers computed (their query ran) under a key. */
  misses = 0;
  /** Tests only: sees each kept read's computation. */
  observer: KeptReadObserver | null = null;
  /** Computations under way, by key: requests that miss the same key together share one. */
  private readonly computing = new Map<string, Promise<Answer>>();

  /**
   * maxBytes 0 turns the cache off: every read runs its query. `reads` says where a computation runs:
   * the replica once it has caught up with the club's data version, else the primary (ADR 080).
   */
  constructor(maxBytes: number, readonly reads: ReadRouter) {
    this.lru = maxBytes > 0
      // A JS string holds 2 bytes per UTF-16 unit; the key is counted too, and one more byte per unit
      // is set aside for the compressed copies (brotli and gzip of JSON lists come to 10–25 % each).
      ? new LRUCache<string, Answer>({ maxSize: maxBytes, sizeCalculation: (answer, key) => 3 * answer.json.length + 2 * key.length })
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
   * The key of a super admin's platform read under `version`, the platform's whole data version
   * (platformDataVersion: the clubs' changes counted in 256 shards at commit, the platform's and the people's; ADR 090).
   */
  platformKeyOf(req: FastifyRequest, profileId: string, version: string): string | null {
    return this.lru ? `platform ${version} ${profileId} ${req.method} ${req.url}` : null;
  }

  /**
   * A person's read of several clubs at once (the regional coordinator's view), sent as sendAnswer does:
   * kept under what `version` reads (each club's data version and the person's state; read only when the
   * cache is on) and the URL, until `validForMs`. `compute` reads the primary.
   */
  async sendCrossClub(
    req: FastifyRequest, reply: FastifyReply, profileId: string, version: () => Promise<string>,
    compute: () => Promise<string>, validForMs: () => Promise<number>,
  ) {
    const key = this.lru ? `clubs ${await version()} ${profileId} ${req.method} ${req.url}` : null;
    return sendAnswer(req, reply, await this.cachedRead(req, key, compute, validForMs));
  }

  /**
   * The key of a person's own read across clubs (the bell's count, the notification list; ADR 087):
   * the person, the version of their notifications the session lookup read, the method and the URL.
   */
  personalKeyOf(req: FastifyRequest, auth: AuthState): string | null {
    return this.lru ? `person ${auth.profile.id} ${auth.noticesVersion} ${req.method} ${req.url}` : null;
  }

  /**
   * A person's own read kept by their notifications version, sent as sendAnswer does. `compute` reads
   * the primary (a person reads their own mark-read back at once; the replica holds no person fence).
   */
  async sendPersonal(req: FastifyRequest, reply: FastifyReply, auth: AuthState, compute: () => Promise<string>) {
    return sendAnswer(req, reply, await this.cachedRead(req, this.personalKeyOf(req, auth), compute, undefined, 'person'));
  }

  get(key: string | null): Answer | undefined {
    if (key === null || !this.lru) return undefined;
    const found = this.lru.get(key);
    if (found !== undefined) this.hits += 1;
    return found;
  }

  /**
   * Keeps `json` under `key`; with `ttlMs`, only that long (an answer that depends on the clock).
   * Returns the answer to send: kept (compressed once per encoding) or, when it cannot be kept, plain.
   */
  set(key: string | null, json: string, ttlMs?: number): Answer {
    if (key !== null && this.lru) this.misses += 1;
    if (key === null || !this.lru || (ttlMs !== undefined && ttlMs < 1)) return new Answer(json, false);
    const answer = new Answer(json, true);
    if (ttlMs === undefined) this.lru.set(key, answer);
    else this.lru.set(key, answer, { ttl: Math.floor(ttlMs) });
    return answer;
  }

  /**
   * This request's answer (kept, or computed by `compute` and then kept), sent compressed as the client
   * accepts. `compute` reads through the Queryable it is given: the replica when it shows the club's
   * data version this request saw (ADR 080).
   */
  async send(
    req: FastifyRequest, reply: FastifyReply, access: ClubAccess, compute: (db: Db) => Promise<string>, validForMs?: () => Promise<number>,
  ) {
    return sendAnswer(req, reply, await this.cachedRead(req, this.keyOf(req, access), () => this.readClub(req, access, compute), validForMs));
  }

  /**
   * A club read that may be a moment behind (a kept answer's computation, or a read not kept: the
   * cartão, quem deve): `fn` on the replica when it shows the club's data version this request saw,
   * else on the primary. A person reads their own write back at once, on any instance (ADR 080).
   */
  readClub<T>(req: FastifyRequest, access: ClubAccess, fn: (db: Db) => Promise<T>): Promise<T> {
    return this.reads.read(clubFence(access.clubId, clubDataVersionOf(req, access.clubId)), fn);
  }

  /**
   * The one way a read is kept: the answer kept under `key`, or the one `compute` writes (then kept;
   * an `Unkept` one is answered once and not kept). A throw keeps nothing. `validForMs`, for an answer
   * that changes with the clock, says (before the answer is computed) how long from now the answer
   * stays the same for unchanged data: the next instant a task opens or closes, the next midnight. The
   * answer is kept until then, counted from before it was asked. Every other kept read must depend on
   * nothing but tables that move the club's data version, and not on the clock (the fence test).
   */
  async cachedRead(
    req: FastifyRequest, key: string | null, compute: () => Promise<string | Unkept>, validForMs?: () => Promise<number>,
    keyedBy: KeptReadScope['keyedBy'] = 'club',
  ): Promise<Answer> {
    const kept = this.get(key);
    if (kept !== undefined) return kept;
    const scope: KeptReadScope = { route: req.routeOptions.url ?? req.url, clockBound: validForMs !== undefined, keyedBy };
    const run = () => this.observed(scope, () => this.computeAndKeep(key, compute, validForMs));
    if (key === null || !this.lru) return run();
    // Requests that miss the same key together (a change moved the version under a screen many are
    // reading) wait for one computation instead of each running the query: the same key is the same
    // data version, person and address, so the same answer (or the same refusal).
    const running = this.computing.get(key);
    if (running) return running;
    const computing = run();
    this.computing.set(key, computing);
    try {
      return await computing;
    } finally {
      this.computing.delete(key);
    }
  }

  private async observed(scope: KeptReadScope, fn: () => Promise<Answer>): Promise<Answer> {
    const observer = this.observer;
    if (!observer) return fn();
    observer.start(scope);
    try {
      return await fn();
    } finally {
      observer.end();
    }
  }

  private async computeAndKeep(key: string | null, compute: () => Promise<string | Unkept>, validForMs?: () => Promise<number>): Promise<Answer> {
    const asked = performance.now();
    const validFor = key === null || !validForMs ? undefined : await validForMs();
    const json = await compute();
    if (json instanceof Unkept) return new Answer(json.json, false);
    return this.set(key, json, validFor === undefined ? undefined : asked + validFor - performance.now());
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
