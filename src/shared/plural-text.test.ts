import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';
import { ROLE_LABELS } from './permissions.js';

/**
 * Issue 43: the product writes real plurals ('1 assinatura', '3 assinaturas' through plural.ts) and
 * sentences that need no gender, never 'assinatura(s)' or 'pronto(a)'. The function names are the
 * only exception ('Diretor(a)', 'Conselheiro(a)'…): they are what the club calls each function.
 */
const SRC = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const ROOTS = ['web', 'server', 'shared'].map((d) => path.join(SRC, d));
const PARENTHESISED = /\p{L}\((?:s|a|as|os|es|is|ns|ões|o)\)/u;
const FUNCTION_NAMES = Object.values(ROLE_LABELS).flatMap((label) => [label, ...label.split(' / ')]).sort((a, b) => b.length - a.length);

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((d) => {
    const full = path.join(dir, d.name);
    if (d.isDirectory()) return sourceFiles(full);
    return /\.tsx?$/.test(d.name) && !/\.(test|spec)\.tsx?$/.test(d.name) ? [full] : [];
  });
}

/** Every text a person may read in a file: string and template literals and JSX text (comments and regexes aside). */
function textsOf(file: string): Array<{ line: number; text: string }> {
  const source = ts.createSourceFile(file, readFileSync(file, 'utf8'), ts.ScriptTarget.Latest, true, file.endsWith('.tsx') ? ts.ScriptKind.TSX : ts.ScriptKind.TS);
  const found: Array<{ line: number; text: string }> = [];
  const visit = (node: ts.Node) => {
    if (ts.isStringLiteral(node) || ts.isNoSubstitutionTemplateLiteral(node) || ts.isTemplateHead(node) || ts.isTemplateMiddle(node) || ts.isTemplateTail(node) || ts.isJsxText(node)) {
      found.push({ line: source.getLineAndCharacterOfPosition(node.getStart()).line + 1, text: node.text });
    }
    node.forEachChild(visit);
  };
  visit(source);
  return found;
}

function parenthesisedForms(files: string[]): string[] {
  const offenders: string[] = [];
  for (const file of files) {
    for (const { line, text } of textsOf(file)) {
      const rest = FUNCTION_NAMES.reduce((t, name) => t.split(name).join(' '), text);
      const m = PARENTHESISED.exec(rest);
      if (m) offenders.push(`${path.relative(SRC, file)}:${line}: ${m[0]} in "${text.slice(0, 80)}"`);
    }
  }
  return offenders;
}

describe('user-facing text has real plurals and no "(s)" or "(a)" (issue 43)', () => {
  it('no string in src/web, src/server or src/shared writes "(s)", "(a)", "(as)"…, function names aside', () => {
    expect(parenthesisedForms(ROOTS.flatMap(sourceFiles))).toEqual([]);
  });

  it('the guard sees strings, templates and JSX text, and not code or function names', () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'plural-guard-'));
    const tmp = path.join(dir, 'sample.tsx');
    const sample = [
      "const a = `${n} assinatura(s) registrada(s)`;",
      "const b = <p>Seu filho está pronto(a)</p>;",
      "const c = new Set(s); const d = 'Conselheiro(a)'; const e = 'Diretor(a) associado(a)'; // comentário(s)",
    ].join('\n');
    writeFileSync(tmp, sample);
    try {
      expect(parenthesisedForms([tmp]).map((o) => o.split(': ')[1]?.split(' in ')[0])).toEqual(['a(s)', 'o(a)']);
    } finally {
      rmSync(dir, { recursive: true });
    }
  });
});
