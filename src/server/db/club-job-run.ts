import type { Db, Queryable } from './types.js';

/** Where a background job's failures are logged (the server's logger; pino's `error(obj, msg)`). */
export interface JobLogger {
  error(obj: object, msg: string): void;
}

/**
 * The logger of the jobs run on a database, set by startBackgroundJobs (src/server/jobs.ts), so a club's
 * failure inside any job is logged beside the job's own without threading a logger through it. Not an
 * AsyncLocalStorage: on Node 20 its first run turns on a hook on every promise of the process for good,
 * which cost every request of a server with jobs 5–30 µs of CPU (health: 107 → 136 µs per answer).
 */
const jobLoggers = new WeakMap<Db, JobLogger>();

/** Where the failures of the jobs run on `db` are logged. */
export function setJobLogger(db: Db, log: JobLogger): void {
  jobLoggers.set(db, log);
}

const MAX_ERROR = 2000;
let savepoints = 0;

/** The text kept for the super admin: the message, and PostgreSQL's constraint or detail when there is one. */
export function failureText(err: unknown): string {
  const e = err as { message?: unknown; constraint?: unknown; detail?: unknown };
  const message = typeof e?.message === 'string' && e.message ? e.message : String(err);
  const extra = [typeof e?.constraint === 'string' ? `restrição ${e.constraint}` : null, typeof e?.detail === 'string' ? e.detail : null].filter(Boolean);
  return (extra.length ? `${message} (${extra.join('; ')})` : message).slice(0, MAX_ERROR);
}

/**
 * One run of a job that loops over clubs (issue 43): each club's share runs in its own savepoint (inside the
 * job's transaction) or its own transaction, so one club's failure undoes only that club's work, is logged,
 * and never stops another club. `finish()` records the clubs that failed in job_failures (shown to the super
 * admin; attempts counts the runs) and clears the clubs that only succeeded. A failed club's cursor did not
 * move, so the next run retries it.
 */
export class ClubJobRun {
  private readonly failures = new Map<string, string>();
  private readonly succeeded = new Set<string>();

  constructor(private readonly db: Db, readonly job: string) {}

  /** Clubs whose share failed in this run (so a loop can leave them for the next run). */
  get failedClubs(): ReadonlySet<string> {
    return new Set(this.failures.keys());
  }

  private failed(clubId: string, err: unknown): void {
    const text = failureText(err);
    this.failures.set(clubId, text);
    jobLoggers.get(this.db)?.error({ err, job: this.job, clubId }, 'background job failed for one club');
  }

  /** `work` inside a SAVEPOINT of the open transaction `tx`; undefined when it failed (rolled back to the savepoint). */
  async inSavepoint<T>(tx: Queryable, clubId: string, work: () => Promise<T>): Promise<T | undefined> {
    savepoints += 1;
    const name = `club_job_${savepoints}`;
    await tx.query(`SAVEPOINT ${name}`);
    try {
      const value = await work();
      await tx.query(`RELEASE SAVEPOINT ${name}`);
      this.succeeded.add(clubId);
      return value;
    } catch (err) {
      await tx.query(`ROLLBACK TO SAVEPOINT ${name}`);
      this.failed(clubId, err);
      return undefined;
    }
  }

  /** `work` in a transaction of its own; undefined when it failed (rolled back). */
  async inTransaction<T>(clubId: string, work: (tx: Queryable) => Promise<T>): Promise<T | undefined> {
    try {
      const value = await this.db.transaction(work);
      this.succeeded.add(clubId);
      return value;
    } catch (err) {
      this.failed(clubId, err);
      return undefined;
    }
  }

  /** Writes what this run learnt: failures recorded (attempts + 1), clubs that only succeeded cleared. */
  async finish(): Promise<{ failed: number }> {
    const ok = [...this.succeeded].filter((id) => !this.failures.has(id));
    if (ok.length) await this.db.query(`DELETE FROM job_failures WHERE job = $1 AND club_id = ANY ($2::uuid[])`, [this.job, ok]);
    if (this.failures.size) {
      await this.db.query(
        `INSERT INTO job_failures AS f (job, club_id, error)
         SELECT $1, x.club_id, x.error FROM unnest($2::uuid[], $3::text[]) AS x(club_id, error)
          WHERE EXISTS (SELECT 1 FROM clubs c WHERE c.id = x.club_id)
         ON CONFLICT ON CONSTRAINT job_failures_job_club_key
         DO UPDATE SET error = EXCLUDED.error, attempts = f.attempts + 1, last_failed_at = now()`,
        [this.job, [...this.failures.keys()], [...this.failures.values()]],
      );
    }
    return { failed: this.failures.size };
  }
}

/** A whole run of `job` failed (no club to blame): recorded with club_id NULL, attempts + 1. */
export async function recordJobFailure(q: Queryable, job: string, err: unknown): Promise<void> {
  await q.query(
    `INSERT INTO job_failures AS f (job, club_id, error) VALUES ($1, NULL, $2)
     ON CONFLICT ON CONSTRAINT job_failures_job_club_key
     DO UPDATE SET error = EXCLUDED.error, attempts = f.attempts + 1, last_failed_at = now()`,
    [job, failureText(err)],
  );
}

/** A whole run of `job` succeeded: its platform-level record (if any) goes. */
export async function clearJobFailure(q: Queryable, job: string): Promise<void> {
  await q.query(`DELETE FROM job_failures WHERE job = $1 AND club_id IS NULL`, [job]);
}
