import { beforeAll, describe, expect, it } from 'vitest';
import { ESLint } from 'eslint';

// The server's layer rule of eslint.config.js (import-x/no-restricted-paths, ADR 082), run as `npm run
// lint` runs it on deliberate violations: a service or repository that imports http/, and a core/
// module that imports a domain. The rule resolves each import to a file, so the fixtures import files that exist.
const eslint = new ESLint({ cwd: process.cwd() });

async function restricted(filePath: string, source: string): Promise<string[]> {
  const [result] = await eslint.lintText(`${source}\nexport const used = 1;\n`, { filePath });
  const fatal = (result?.messages ?? []).filter((m) => m.fatal);
  if (fatal.length) throw new Error(fatal.map((m) => m.message).join('; '));
  return (result?.messages ?? []).filter((m) => m.ruleId === 'import-x/no-restricted-paths').map((m) => m.message);
}

describe('the server layers point down', () => {
  beforeAll(() => restricted('src/server/units/warm-up.ts', ''));

  it('fails a service or a repository that imports the HTTP layer, also type-only or by import()', async () => {
    const [message] = await restricted('src/server/units/service.ts', "import { accessOf } from '../http/access.js';");
    expect(message).toContain('imports nothing from http/');
    expect(await restricted('src/server/units/repo.ts', "import type { AnswerCache } from '../http/answer-cache.js';")).toHaveLength(1);
    expect(await restricted('src/server/charges/debtors.ts', "export const load = () => import('../http/serializer.js');")).toHaveLength(1);
    expect(await restricted('src/server/programme/deep/new-service.ts', "import { x } from '../../http/access.js';")).toHaveLength(1);
  });

  it('lets route modules and a domain plugin use the HTTP layer', async () => {
    expect(await restricted('src/server/units/routes.ts', "import { accessOf } from '../http/access.js';")).toEqual([]);
    expect(await restricted('src/server/charges/report-routes.ts', "import { accessOf } from '../http/access.js';")).toEqual([]);
    expect(await restricted('src/server/auth/plugin.ts', "import { accessOf } from '../http/access.js';")).toEqual([]);
    expect(await restricted('src/server/app.ts', "import { accessOf } from './http/access.js';")).toEqual([]);
  });

  it('keeps core/ on db/ and shared/ only', async () => {
    const [message] = await restricted('src/server/core/new.ts', "import { x } from '../units/service.js';");
    expect(message).toContain('core/ imports only db/ and shared/');
    expect(await restricted('src/server/core/new.ts', "import { x } from '../http/access.js';")).toEqual(expect.arrayContaining([expect.stringContaining('core/ imports only db/ and shared/')]));
    expect(await restricted('src/server/core/new.ts', "import { one } from '../db/index.js';\nimport { MSG } from '../../shared/errors.js';\nimport { AppError } from './errors.js';")).toEqual([]);
  });

  it('lets services and repos stand on core/', async () => {
    expect(await restricted('src/server/units/service.ts', "import { AppError } from '../core/errors.js';\nimport type { ClubAccess } from '../core/access.js';")).toEqual([]);
  });
});
