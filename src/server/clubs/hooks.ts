import type { Queryable } from '../db/index.js';
import type { TClub } from '../../shared/clubs.js';

/**
 * Work other domains do inside the transaction that creates a club (e.g. a default chart of accounts).
 * Each domain appends its hook here.
 */
export const clubCreatedHooks: Array<(tx: Queryable, club: TClub) => Promise<void>> = [];
