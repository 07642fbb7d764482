import { beforeAll, describe, expect, it } from 'vitest';
import { ESLint } from 'eslint';

// The one-way import rule of eslint.config.js (import-x/no-restricted-paths, ADR 071), run as `npm run
// lint` runs it: a feature that imports another feature (or the app) fails — by a relative path, an
// alias, a type-only import, a re-export or a dynamic import() — and lib/, components/ and its own
// files pass. The rule resolves each import to a file, so the fixtures import files that exist.
const eslint = new ESLint({ cwd: process.cwd() });

async function restricted(filePath: string, source: string): Promise<string[]> {
  const [result] = await eslint.lintText(`${source}\nexport const used = 1;\n`, { filePath });
  const fatal = (result?.messages ?? []).filter((m) => m.fatal);
  if (fatal.length) throw new Error(fatal.map((m) => m.message).join('; '));
  return (result?.messages ?? []).filter((m) => m.ruleId === 'import-x/no-restricted-paths').map((m) => m.message);
}

describe('a web feature imports no other feature', () => {
  // Loading the TypeScript parser and the config takes seconds on a busy machine: not in a test's time.
  beforeAll(() => restricted('src/web/features/tasks/warm-up.ts', ''));

  it('fails on a relative import of another feature, from any depth', async () => {
    expect(await restricted('src/web/features/tasks/pages/new-page.tsx', "import { x } from '../../members/api/list-members';")).toHaveLength(1);
    expect(await restricted('src/web/features/tasks/new-file.ts', "import { x } from '../clubs/api/create-club';")).toHaveLength(1);
    expect(await restricted('src/web/features/tasks/components/deep/new.tsx', "import type { x } from '../../../ranking/components/score-unit-modal';")).toHaveLength(1);
    expect(await restricted('src/web/features/tasks/new-file.ts', "export { x } from '../clubs/api/create-club';")).toHaveLength(1);
  });

  it('fails on a dynamic import() of another feature: the lazy task dialog the dashboard once loaded from progress', async () => {
    // The deliberate violation, as src/web/features/dashboard/components/member-home.tsx had it (issue 44).
    const fixture = "import { lazy } from 'react';\nexport const TaskModal = lazy(() => import('../../progress/components/task-modal').then((m) => ({ default: m.TaskModal })));";
    const [message] = await restricted('src/web/features/dashboard/components/member-home-fixture.tsx', fixture);
    expect(message).toContain('compose features in app/routes/');
    expect(await restricted('src/web/features/dashboard/new.ts', "export const load = () => import('@web/features/progress/components/task-modal');")).toHaveLength(1);
    // The same lazy import in a route module is how the screen composes them.
    expect(await restricted('src/web/app/routes/club/new-route.tsx', fixture)).toEqual([]);
  });

  it('fails on an aliased import of another feature or of the app', async () => {
    const [message] = await restricted('src/web/features/meetings/api/new.ts', "import { x } from '@web/features/units/api/save-unit';");
    expect(message).toContain('compose features in app/routes/');
    expect(await restricted('src/web/features/meetings/api/new.ts', "import { x } from '@web/app/router';")).toHaveLength(1);
    expect(await restricted('src/web/features/meetings/pages/new.tsx', "import { x } from '../../../app/router';")).toHaveLength(1);
  });

  it('passes imports of lib/, components/ and the feature itself', async () => {
    for (const source of [
      "import { x } from '@web/lib/session/use-current-club';",
      "import { x } from '../../../components/ui/button';",
      "import { x } from '@web/components/ui/button';",
      "import { x } from '../api/list-tasks';",
      "import { x } from '../../tasks/api/list-tasks';",
      "import { x } from '@web/features/tasks/api/list-tasks';",
      "import { x } from '@shared/tasks';",
    ]) {
      expect(await restricted('src/web/features/tasks/pages/new-page.tsx', source), source).toEqual([]);
    }
  });

  it('leaves the route modules of app/ free to compose features', async () => {
    expect(await restricted('src/web/app/routes/new-route.tsx', "import { x } from '@web/features/members/api/list-members';\nimport { y } from '../../features/tasks/api/list-tasks';")).toEqual([]);
  });
});
