// Writes the catalogue part of migrations/0500_programme.sql from src/server/programme/catalogue/*.csv
// (the facts the platform ships: classes of both programmes, sections, areas and especialidades).
// Run once when the CSVs change; programme/catalogue.test.ts checks the migration against the CSVs.
import { readFileSync } from 'node:fs';

const dir = new URL('../src/server/programme/catalogue/', import.meta.url);
function rows(name) {
  const text = readFileSync(new URL(name, dir), 'utf8').replace(/^\uFEFF/, '');
  const out = [];
  for (const line of text.split(/\r?\n/).filter(Boolean)) {
    const cells = [];
    let cur = '';
    let quoted = false;
    for (let i = 0; i < line.length; i++) {
      const ch = line[i];
      if (quoted) {
        if (ch === '"' && line[i + 1] === '"') { cur += '"'; i++; } else if (ch === '"') quoted = false; else cur += ch;
      } else if (ch === '"') quoted = true;
      else if (ch === ',') { cells.push(cur); cur = ''; } else cur += ch;
    }
    cells.push(cur);
    out.push(cells);
  }
  const [head, ...body] = out;
  return body.map((r) => Object.fromEntries(head.map((h, i) => [h, r[i] ?? ''])));
}
const q = (v) => (v === '' || v === undefined || v === null ? 'NULL' : `'${String(v).replace(/'/g, "''")}'`);

const sections = rows('secoes-de-classe.csv');
const classes = rows('classes.csv');
const specs = rows('especialidades.csv');
const areas = [...new Map(specs.map((s) => [s.area_codigo, s.area])).entries()];

let sql = '';
sql += `INSERT INTO programme_sections (code, name, position) VALUES\n${sections.map((s, i) => `  (${q(s.codigo)}, ${q(s.nome)}, ${i + 1})`).join(',\n')}\nON CONFLICT (code) DO NOTHING;\n\n`;
sql += `INSERT INTO programme_areas (code, name, position) VALUES\n${areas.map(([c, n], i) => `  (${q(c)}, ${q(n)}, ${i + 1})`).join(',\n')}\nON CONFLICT (code) DO NOTHING;\n\n`;
sql += `INSERT INTO programme_items (code, kind, programme, name, class_kind, min_age, prerequisite, position) VALUES\n${classes
  .map((c, i) => `  (${q(c.codigo)}, 'class', ${q(c.programa)}, ${q(c.nome)}, ${q(c.tipo)}, ${Number(c.idade_minima)}, ${q(c.pre_requisito)}, ${i + 1})`)
  .join(',\n')}\nON CONFLICT (code) DO NOTHING;\n\n`;
sql += `INSERT INTO programme_items (code, kind, programme, name, area_code, reference_url, position) VALUES\n${specs
  .map((s, i) => `  (${q(s.codigo)}, 'specialty', 'desbravadores', ${q(s.nome)}, ${q(s.area_codigo)}, ${q(s.url_referencia)}, ${i + 1})`)
  .join(',\n')}\nON CONFLICT (code) DO NOTHING;\n`;
process.stdout.write(sql);
