import { beforeAll, describe, expect, it } from 'vitest';
import { ESLint } from 'eslint';

// The one-way import rule of eslint.config.js, run as `npm run lint` runs it: a feature that imports
// another feature (or the app) fails; lib/, components/ and its own files pass.
const eslint = new ESLint({ cwd: process.cwd() });

async function restricted(filePath: string, source: string): Promise<string[]> {
  const [result] = await eslint.lintText(`${source}\nexport const used = x;\n`, { filePath });
  return (result?.messages ?? []).filter((m) => m.ruleId === 'no-restricted-imports').map((m) => m.message);
}

describe('a web feature imports no other feature', () => {
  // Loading the TypeScript parser and the config takes seconds on a busy machine: not in a test's time.
  beforeAll(() => restricted('src/web/features/tasks/warm-up.ts', ''));

  it('fails on a relative import of another feature, from any depth', async () => {
    expect(await restricted('src/web/features/tasks/pages/new-page.tsx', "import { x } from '../../members/api/list-members';")).toHaveLength(1);
    expect(await restricted('src/web/features/tasks/new-file.ts', "import { x } from '../clubs/api/create-club';")).toHaveLength(1);
    expect(await restricted('src/web/features/tasks/components/deep/new.tsx', "import type { x } from '../../../ranking/components/x';")).toHaveLength(1);
  });

  it('fails on an aliased import of another feature or of the app', async () => {
    const [message] = await restricted('src/web/features/meetings/api/new.ts', "import { x } from '@web/features/units/api/list-units';");
    expect(message).toContain('compose meetings with other features in app/routes/');
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
