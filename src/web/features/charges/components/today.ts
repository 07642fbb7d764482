/** 'AAAA-MM-DD' of today in the browser's time zone (the form's default; the server checks the club's calendar). */
export function todayIso(): string {
  const d = new Date();
  return `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}-${String(d.getDate()).padStart(2, '0')}`;
}
