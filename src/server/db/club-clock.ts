/**
 * The club's clock in SQL: days and months begin at midnight in the club's own time zone
 * (`clubs.timezone`), not the server's. `club` is the alias of the `clubs` row in the query.
 */
type ClubPeriod = 'day' | 'month';

/** The club's current day or month on its own calendar: a local timestamp (midnight, or the 1st at midnight). */
export const clubCurrent = (period: ClubPeriod, club = 'c') => `date_trunc('${period}', now() AT TIME ZONE ${club}.timezone)`;

/** The instant (timestamptz) the club's current day or month began. */
export const clubPeriodStart = (period: ClubPeriod, club = 'c') => `(${clubCurrent(period, club)} AT TIME ZONE ${club}.timezone)`;

/** The instant (timestamptz) the club's next day or month begins. */
export const clubNextPeriodStart = (period: ClubPeriod, club = 'c') =>
  `((${clubCurrent(period, club)} + interval '1 ${period}') AT TIME ZONE ${club}.timezone)`;
