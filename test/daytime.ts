/**
 * A time zone where it is now daytime (08h–20h), for tests whose push must leave at once: a club's
 * quiet hours (22h–7h in its time zone) hold pushes until the morning, so a test run at night in
 * Brasília would otherwise wait for 07:00.
 */
export function daytimeZone(now = new Date()): string {
  for (const tz of ['America/Sao_Paulo', 'Europe/Lisbon', 'Asia/Tokyo', 'Pacific/Auckland', 'America/Los_Angeles', 'Asia/Kolkata']) {
    const hour = Number(new Intl.DateTimeFormat('en-GB', { timeZone: tz, hour: '2-digit', hourCycle: 'h23' }).format(now));
    if (hour >= 8 && hour <= 20) return tz;
  }
  return 'America/Sao_Paulo';
}
