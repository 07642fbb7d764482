/**
 * Who is a minor — the one definition (issue 44). It decides whether a guardian's consent is needed
 * for a member's data, and whether a notification may go to the member's own e-mail and phone.
 *
 * A member is a minor while under {@link ADULT_AGE} on the club's today, by the birth date the club
 * recorded; without a birth date, until the club marks the member an adult (when in doubt, a child is
 * protected: LGPD art. 14). Having a guardian on record does not make an adult a minor.
 */
export const ADULT_AGE = 18;

/**
 * Functions the club gives only to adults: accepting an invitation to one marks the member an adult
 * (a recorded birth date still decides). Counsellors and kids may be under 18, so they are not here;
 * without this, an invited treasurer with no birth date got no e-mail at all.
 */
export const ADULT_FUNCTIONS: readonly string[] = ['admin', 'associate', 'secretary', 'treasurer', 'instructor'];

export interface TMinorFacts {
  /** YYYY-MM-DD, or null when the club did not record it. */
  birth_date: string | null;
  /** The club marked the member an adult (only read when there is no birth date). */
  adult_confirmed: boolean;
}

const isLeap = (y: number) => (y % 4 === 0 && y % 100 !== 0) || y % 400 === 0;

/** `today` minus `age` years, as PostgreSQL computes `date - interval '18 years'` (29/02 → 28/02). */
function bornBy(today: string, age: number): string {
  const [y, m, d] = today.split('-').map(Number);
  const year = y - age;
  const day = m === 2 && d === 29 && !isLeap(year) ? 28 : d;
  return `${String(year).padStart(4, '0')}-${String(m).padStart(2, '0')}-${String(day).padStart(2, '0')}`;
}

/** The rule in TypeScript; `today` is the club's date (YYYY-MM-DD). */
export function isMinor(m: TMinorFacts, today: string): boolean {
  return isUnder(m, ADULT_AGE, today);
}

/**
 * Travelling without a parent needs the guardian's express authorisation naming who accompanies the
 * child under this age (ECA art. 83): a saída's authorisation names the accompanying adults.
 */
export const ECA_TRAVEL_AGE = 16;

/** Under `age` on `today` by the same rule as {@link isMinor} (without a birth date: until marked an adult). */
export function isUnder(m: TMinorFacts, age: number, today: string): boolean {
  if (m.birth_date) return m.birth_date.slice(0, 10) > bornBy(today, age);
  return !m.adult_confirmed;
}

/**
 * The same rule in SQL, for a `club_members` row aliased `member`, on the date `today` (an SQL
 * expression: the server passes the member's club's today).
 */
export const minorSql = (member: string, today: string) =>
  `coalesce(${member}.birth_date > (${today} - interval '${ADULT_AGE} years'), NOT ${member}.adult_confirmed)`;
