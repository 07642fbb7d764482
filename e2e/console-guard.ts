import { afterEach } from 'vitest';
import { unexpectedConsoleProblems } from './harness.js';

// Every browser test ends with a clean console on every page it opened (issue 31, item 20).
afterEach(() => {
  const problems = unexpectedConsoleProblems();
  if (problems.length > 0) throw new Error(`Console not clean:\n${problems.join('\n')}`);
});
