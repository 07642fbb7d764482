export const DEFAULT_TIMEZONE = 'America/Sao_Paulo';

export interface TTimezoneOption {
  value: string;
  label: string;
}
export interface TTimezoneGroup {
  region: string;
  zones: TTimezoneOption[];
}

/** The time zones a club may choose (spec 9: about 45, grouped by region). */
export const TIMEZONE_GROUPS: TTimezoneGroup[] = [
  {
    region: 'América do Sul',
    zones: [
      { value: 'America/Sao_Paulo', label: 'Brasília / São Paulo' },
      { value: 'America/Manaus', label: 'Manaus' },
      { value: 'America/Cuiaba', label: 'Cuiabá' },
      { value: 'America/Porto_Velho', label: 'Porto Velho' },
      { value: 'America/Rio_Branco', label: 'Rio Branco' },
      { value: 'America/Belem', label: 'Belém' },
      { value: 'America/Fortaleza', label: 'Fortaleza' },
      { value: 'America/Recife', label: 'Recife' },
      { value: 'America/Noronha', label: 'Fernando de Noronha' },
      { value: 'America/Argentina/Buenos_Aires', label: 'Buenos Aires' },
      { value: 'America/Santiago', label: 'Santiago' },
      { value: 'America/Montevideo', label: 'Montevidéu' },
      { value: 'America/Asuncion', label: 'Assunção' },
      { value: 'America/La_Paz', label: 'La Paz' },
      { value: 'America/Lima', label: 'Lima' },
      { value: 'America/Bogota', label: 'Bogotá' },
      { value: 'America/Caracas', label: 'Caracas' },
    ],
  },
  {
    region: 'América Central',
    zones: [
      { value: 'America/Panama', label: 'Cidade do Panamá' },
      { value: 'America/Costa_Rica', label: 'San José (Costa Rica)' },
      { value: 'America/Guatemala', label: 'Guatemala' },
    ],
  },
  {
    region: 'América do Norte',
    zones: [
      { value: 'America/Mexico_City', label: 'Cidade do México' },
      { value: 'America/New_York', label: 'Nova York' },
      { value: 'America/Chicago', label: 'Chicago' },
      { value: 'America/Denver', label: 'Denver' },
      { value: 'America/Los_Angeles', label: 'Los Angeles' },
      { value: 'America/Toronto', label: 'Toronto' },
    ],
  },
  {
    region: 'Europa',
    zones: [
      { value: 'Europe/Lisbon', label: 'Lisboa' },
      { value: 'Europe/London', label: 'Londres' },
      { value: 'Europe/Madrid', label: 'Madri' },
      { value: 'Europe/Paris', label: 'Paris' },
      { value: 'Europe/Berlin', label: 'Berlim' },
      { value: 'Europe/Rome', label: 'Roma' },
      { value: 'Europe/Moscow', label: 'Moscou' },
    ],
  },
  {
    region: 'África',
    zones: [
      { value: 'Africa/Luanda', label: 'Luanda' },
      { value: 'Africa/Maputo', label: 'Maputo' },
      { value: 'Africa/Johannesburg', label: 'Joanesburgo' },
      { value: 'Africa/Lagos', label: 'Lagos' },
      { value: 'Africa/Cairo', label: 'Cairo' },
    ],
  },
  {
    region: 'Ásia',
    zones: [
      { value: 'Asia/Dubai', label: 'Dubai' },
      { value: 'Asia/Kolkata', label: 'Índia' },
      { value: 'Asia/Shanghai', label: 'Xangai' },
      { value: 'Asia/Tokyo', label: 'Tóquio' },
      { value: 'Asia/Dili', label: 'Díli' },
      { value: 'Asia/Macau', label: 'Macau' },
    ],
  },
  {
    region: 'Oceania',
    zones: [
      { value: 'Australia/Sydney', label: 'Sydney' },
      { value: 'Pacific/Auckland', label: 'Auckland' },
    ],
  },
  {
    region: 'Atlântico',
    zones: [
      { value: 'Atlantic/Azores', label: 'Açores' },
      { value: 'Atlantic/Cape_Verde', label: 'Cabo Verde' },
    ],
  },
];

const KNOWN = new Set(TIMEZONE_GROUPS.flatMap((g) => g.zones.map((z) => z.value)));

export function isKnownTimezone(tz: string): boolean {
  return KNOWN.has(tz);
}

/** Current UTC offset of a zone, e.g. 'UTC-03:00' (follows daylight saving time). */
export function timezoneOffsetLabel(tz: string, at: Date = new Date()): string {
  const part = new Intl.DateTimeFormat('en-US', { timeZone: tz, timeZoneName: 'longOffset' })
    .formatToParts(at)
    .find((p) => p.type === 'timeZoneName');
  const raw = part?.value ?? 'GMT';
  return raw === 'GMT' ? 'UTC+00:00' : raw.replace('GMT', 'UTC');
}

/**
 * How a person reads a club's time zone: 'Horário de Brasília', or the city of the list
 * ('Manaus'); never the IANA name ('America/Sao_Paulo').
 */
export function timezoneLabel(tz: string): string {
  if (tz === DEFAULT_TIMEZONE) return 'Horário de Brasília';
  const zone = TIMEZONE_GROUPS.flatMap((g) => g.zones).find((z) => z.value === tz);
  return zone ? `Horário de ${zone.label}` : tz;
}
