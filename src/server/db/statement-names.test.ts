import { describe, expect, it } from 'vitest';
import { statementName } from './postgres.js';
import { isPreparable } from './types.js';

// PostgreSQL keeps each distinct read or write prepared under a name, at most 2,000 per process (ADR 020).
describe('named statements', () => {
  it('are only reads and writes: a savepoint, whose text carries its own name per call, never takes one', () => {
    expect(isPreparable('  SELECT 1')).toBe(true);
    expect(isPreparable('WITH x AS (SELECT 1) SELECT * FROM x')).toBe(true);
    expect(isPreparable('insert into t values (1)')).toBe(true);
    for (const sql of ['SAVEPOINT club_job_1', 'RELEASE SAVEPOINT club_job_1', 'ROLLBACK TO SAVEPOINT trilha_sp_2', 'BEGIN', 'SET LOCAL statement_timeout = 5', 'CREATE TABLE t (n int)']) {
      expect(isPreparable(sql)).toBe(false);
      expect(statementName(sql)).toBeUndefined();
    }
  });

  it('a job over thousands of clubs (a savepoint each) leaves the names for the statements that come after it', () => {
    for (let i = 0; i < 5000; i += 1) {
      statementName(`SAVEPOINT club_job_${i}`);
      statementName(`RELEASE SAVEPOINT club_job_${i}`);
    }
    const name = statementName('SELECT 1 AS sent_after_the_job');
    expect(name).toMatch(/^trilha_\d+$/);
    expect(statementName('SELECT 1 AS sent_after_the_job')).toBe(name);
  });
});
