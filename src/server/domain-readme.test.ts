import { existsSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const serverDir = path.dirname(fileURLToPath(import.meta.url));

describe('every folder of src/server says what it owns', () => {
  it('has a README.md in each folder', () => {
    const folders = readdirSync(serverDir, { withFileTypes: true }).filter((e) => e.isDirectory()).map((e) => e.name);
    const without = folders.filter((name) => !existsSync(path.join(serverDir, name, 'README.md')));
    expect(folders.length).toBeGreaterThan(0);
    expect(without).toEqual([]);
  });
});
