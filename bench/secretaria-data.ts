// The secretaria of every generated club (issue 47's scale): 20 atas a year with 2 votos each, 40 atos
// (half citing a voto), 30 ofícios (20 sent, 10 received), 10 visitors; the counters left where the
// books end, as the app would.
import type { Db } from '../src/server/db/index.js';
import { keptPlatformWrap } from './platform-data.js';

/** `wrap`: Brazil's size runs it without per-row triggers (platform-data.ts bulk). */
export async function generateSecretaria(db: Db, wrap: (sql: string) => string = (sql) => sql): Promise<void> {
  const start = performance.now();
  await db.exec(wrap(`
    CREATE TEMP TABLE b_atas AS
      SELECT gen_random_uuid() AS id, c.id AS club_id, k, extract(year FROM current_date)::int AS year,
             make_date(extract(year FROM current_date)::int, 1 + (k - 1) % 12, 1 + k % 27) AS held_on
        FROM clubs c, generate_series(1, 20) k;
    INSERT INTO atas (id, club_id, year, number, kind, held_on, place, presided_by, written_by, visitors, agenda, body, status, approved_at, closed_at)
      SELECT id, club_id, year, k, 'diretoria', held_on, 'Sala do clube', 'Diretor(a)', 'Secretário(a)', '{}', '1. Pauta', 'Texto da ata ' || k,
             CASE WHEN k < 19 THEN 'encerrada' ELSE 'rascunho' END, CASE WHEN k < 19 THEN now() END, CASE WHEN k < 19 THEN now() END
        FROM b_atas;
    INSERT INTO ata_attendees (club_id, ata_id, member_id, name)
      SELECT a.club_id, a.id, cm.id, 'Líder' FROM b_atas a JOIN club_members cm ON cm.club_id = a.club_id AND cm.role = 'admin';
    INSERT INTO ata_votos (club_id, ata_id, position, year, number, subject, votes_for, votes_against, abstentions)
      SELECT club_id, id, p, CASE WHEN k < 19 THEN year END, CASE WHEN k < 19 THEN (k - 1) * 2 + p END, 'Decisão ' || p, 1, 0, 0
        FROM b_atas, generate_series(1, 2) p;
    INSERT INTO atos (club_id, year, number, status, kind, acted_on, person_name, body, voto_id)
      SELECT c.id, extract(year FROM current_date)::int, k, 'registrado', (ARRAY['admissao', 'desligamento', 'nomeacao', 'investidura', 'transferencia', 'advertencia'])[1 + k % 6],
             make_date(extract(year FROM current_date)::int, 1 + k % 12, 10), 'Pessoa ' || k, 'Ato ' || k,
             CASE WHEN k % 2 = 0 THEN (SELECT v.id FROM ata_votos v WHERE v.club_id = c.id AND v.number = k / 2) END
        FROM clubs c, generate_series(1, 40) k;
    INSERT INTO oficios (club_id, direction, year, number, dated_on, counterpart, subject, body, file_key, file_name, file_mime, file_size)
      SELECT c.id, CASE WHEN k <= 20 THEN 'enviado' ELSE 'recebido' END, extract(year FROM current_date)::int, CASE WHEN k <= 20 THEN k ELSE k - 20 END,
             make_date(extract(year FROM current_date)::int, 1 + k % 12, 5), 'Associação ' || k, 'Assunto ' || k, CASE WHEN k <= 20 THEN 'Texto' ELSE '' END,
             CASE WHEN k > 20 THEN 'evidence/bench/' || k || '.pdf' END, CASE WHEN k > 20 THEN 'doc.pdf' END, CASE WHEN k > 20 THEN 'application/pdf' END, CASE WHEN k > 20 THEN 1000 END
        FROM clubs c, generate_series(1, 30) k;
    INSERT INTO visitas (club_id, visited_on, name, origin, note)
      SELECT c.id, make_date(extract(year FROM current_date)::int, 1 + k % 12, 20), 'Visitante ' || k, 'Clube vizinho', '' FROM clubs c, generate_series(1, 10) k;
    INSERT INTO secretaria_counters (club_id, book, year, last)
      SELECT c.id, b.book, extract(year FROM current_date)::int, b.last FROM clubs c,
             (VALUES ('ata', 20), ('voto', 36), ('ato', 40), ('oficio', 20), ('protocolo', 10)) b(book, last);
    DROP TABLE b_atas;
    ANALYZE atas; ANALYZE ata_votos; ANALYZE ata_attendees; ANALYZE atos; ANALYZE oficios; ANALYZE visitas;`));
  console.log(`  ${'secretaria: 20 atas, 40 atos, 30 ofícios'.padEnd(44)} ${((performance.now() - start) / 1000).toFixed(1)} s`);
}

/** {@link generateSecretaria} for a platform kept from before the secretaria existed. */
export async function ensureSecretaria(db: Db): Promise<void> {
  const [row] = await db.query<{ missing: boolean }>(`SELECT NOT EXISTS (SELECT 1 FROM atas) AS missing`);
  if (row?.missing) await generateSecretaria(db, await keptPlatformWrap(db));
}
