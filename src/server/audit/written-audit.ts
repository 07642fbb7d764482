import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';

/**
 * What the code writes to audit_log, read from the source (for the label guard test): every action
 * given as a literal (writeAudit calls in src/server, the audit_log inserts of the migrations) and every
 * field key a before/after object spells out (object literals in TypeScript, jsonb_build_object in SQL).
 */
export interface WrittenAudit {
  actions: Set<string>;
  fieldKeys: Set<string>;
}

/** The text of each call `name(…)`, parentheses balanced. */
function callsOf(text: string, name: string): string[] {
  const out: string[] = [];
  for (let i = text.indexOf(`${name}(`); i !== -1; i = text.indexOf(`${name}(`, i + 1)) {
    let depth = 0;
    let j = i + name.length;
    for (; j < text.length; j++) {
      const c = text[j];
      if (c === '(' || c === '{' || c === '[') depth++;
      else if ((c === ')' || c === '}' || c === ']') && --depth === 0) break;
    }
    out.push(text.slice(i, j + 1));
  }
  return out;
}

/** The top-level keys of the object literal starting at `text[start]` ('{'). */
function literalKeys(text: string, start: number): string[] {
  const keys: string[] = [];
  let depth = 0;
  let segment = '';
  for (let j = start; j < text.length; j++) {
    const c = text[j] ?? '';
    if (c === '{' || c === '(' || c === '[') depth++;
    if (c === '}' || c === ')' || c === ']') depth--;
    if ((c === ',' && depth === 1) || depth === 0) {
      const key = /^\s*(?:'([^']+)'|"([^"]+)"|([A-Za-z_$][\w$]*))\s*(?::|$)/.exec(segment.replace(/^\{/, ''));
      if (key && !segment.trim().startsWith('...')) keys.push(key[1] ?? key[2] ?? key[3] ?? '');
      segment = '';
      if (depth === 0) break;
      continue;
    }
    segment += c;
  }
  return keys.filter(Boolean);
}

const ACTION = /'([a-z_]+(?:\.[a-z_]+)+)'/g;

export async function writtenAudit(serverDir: string, migrationsDir: string): Promise<WrittenAudit> {
  const actions = new Set<string>();
  const fieldKeys = new Set<string>();
  const files = (await readdir(serverDir, { recursive: true })).filter((f) => f.endsWith('.ts') && !f.endsWith('.test.ts'));
  for (const f of files) {
    const text = await readFile(path.join(serverDir, f), 'utf8');
    for (const m of text.matchAll(/action(?::|\s*=)\s*[^;\n]*?'([a-z_]+(?:\.[a-z_]+)+)'/g)) if (m[1]) actions.add(m[1]);
    for (const m of text.matchAll(/\?\s*'([a-z_]+\.[a-z_]+)'\s*:\s*'([a-z_]+\.[a-z_]+)'/g)) [m[1], m[2]].forEach((a) => a && actions.add(a));
    for (const call of callsOf(text, 'writeAudit')) {
      for (const m of call.matchAll(/\b(?:before|after)\s*:\s*\{/g)) {
        for (const key of literalKeys(call, (m.index ?? 0) + m[0].length - 1)) fieldKeys.add(key);
      }
    }
  }
  for (const f of await readdir(migrationsDir)) {
    const text = await readFile(path.join(migrationsDir, f), 'utf8');
    for (const statement of text.match(/INSERT\s+INTO\s+audit_log\b[\s\S]*?;/g) ?? []) {
      for (const m of statement.matchAll(ACTION)) if (m[1]) actions.add(m[1]);
      for (const call of callsOf(statement, 'jsonb_build_object')) {
        for (const m of call.matchAll(/(?:\(|,)\s*'([a-z_]+)'\s*,/g)) if (m[1]) fieldKeys.add(m[1]);
      }
    }
  }
  return { actions, fieldKeys };
}
