import { clubCreatedHooks } from '../clubs/hooks.js';
import { createDefaultChartOfAccounts } from './repo.js';

// Imported for its side effect by the finance routes: every new club starts with a default chart of accounts.
clubCreatedHooks.push((tx, club) => createDefaultChartOfAccounts(tx, club.id));
