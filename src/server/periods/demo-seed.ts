import type { DemoStep } from '../demo/context.js';

/** Three quarters of the current year: one past, one open, one ahead. */
export const seedDemoPeriods: DemoStep = async ({ db, clubId }) => {
  const year = new Date().getFullYear();
  const periods = [
    { name: `1º Trimestre ${year}`, description: 'Classes regulares e investidura de especialidades.', start: `${year}-01-01T03:00:00Z`, end: `${year}-04-01T02:59:00Z`, active: false },
    { name: `2º Trimestre ${year}`, description: 'Acampamento de unidades e Dia Mundial dos Desbravadores.', start: `${year}-04-01T03:00:00Z`, end: `${year}-07-01T02:59:00Z`, active: true },
    { name: `Camporee ${year}`, description: null, start: `${year}-10-10T11:00:00Z`, end: `${year}-10-13T20:00:00Z`, active: true },
  ];
  for (const p of periods) {
    await db.query(
      `INSERT INTO periods (club_id, name, description, start_date, end_date, active) VALUES ($1, $2, $3, $4, $5, $6)`,
      [clubId, p.name, p.description, p.start, p.end, p.active],
    );
  }
};
