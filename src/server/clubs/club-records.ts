import type { Db } from '../db/index.js';
import type { ClubTable } from '../db/club-table.js';
import { AppError, isInUse, notFound } from '../core/errors.js';
import { writeAudit } from '../audit/repo.js';
import type { ClubAccess } from '../core/access.js';

/** What tells one club table's records apart: their audit name and their pt-BR refusals. */
export interface ClubRecordRules {
  /** The audit entity, and the prefix of its actions (`unit.create`, `unit.update`, `unit.delete`). */
  entity: string;
  notFound: string;
  /** The answer to deleting a record other rows still point at. */
  inUse: { code: string; message: string };
  /** Turns a database refusal of a save into the domain's error (a taken name); rethrows any other. */
  refuseSave?: (err: unknown) => never;
}

/** A club table's audited writes, as `clubRecords` builds them. */
export interface ClubRecords<T, F> {
  create(db: Db, access: ClubAccess, input: F): Promise<T>;
  update(db: Db, access: ClubAccess, id: string, input: F): Promise<T>;
  remove(db: Db, access: ClubAccess, id: string): Promise<void>;
}

const rethrow = (err: unknown): never => {
  throw err;
};

/**
 * Create, update and delete of a club table's records (units, periods), written once: each in one
 * transaction with its audit line (before and after), 404 for another club's record, the domain's
 * 'in use' message when a foreign key refuses the delete.
 */
export function clubRecords<T extends { id: string }, F>(table: ClubTable<T, F>, rules: ClubRecordRules): ClubRecords<T, F> {
  const refuseSave = rules.refuseSave ?? rethrow;
  const audit = (access: ClubAccess, verb: string, id: string, change: { before?: T; after?: T }) => ({
    clubId: access.clubId, actorId: access.profileId, action: `${rules.entity}.${verb}`, entity: rules.entity, entityId: id, ...change,
  });
  return {
    create(db: Db, access: ClubAccess, input: F): Promise<T> {
      return db.transaction(async (tx) => {
        const record = await table.insert(tx, access.clubId, input);
        await writeAudit(tx, audit(access, 'create', record.id, { after: record }));
        return record;
      }).catch(refuseSave);
    },

    update(db: Db, access: ClubAccess, id: string, input: F): Promise<T> {
      return db.transaction(async (tx) => {
        const before = await table.get(tx, access.clubId, id);
        const record = await table.update(tx, access.clubId, id, input);
        if (!before || !record) throw notFound(rules.notFound);
        await writeAudit(tx, audit(access, 'update', record.id, { before, after: record }));
        return record;
      }).catch(refuseSave);
    },

    async remove(db: Db, access: ClubAccess, id: string): Promise<void> {
      try {
        await db.transaction(async (tx) => {
          const record = await table.remove(tx, access.clubId, id);
          if (!record) throw notFound(rules.notFound);
          await writeAudit(tx, audit(access, 'delete', record.id, { before: record }));
        });
      } catch (err) {
        if (isInUse(err)) throw new AppError(rules.inUse.code, 409, rules.inUse.message);
        throw err;
      }
    },
  };
}
