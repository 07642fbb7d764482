/** 'AAAA-MM-DD' → 'dd/mm/aaaa' (a calendar date: no time zone to shift it). */
export const brDate = (iso: string | null | undefined) => (iso ? iso.split('-').reverse().join('/') : '—');
