import { describe, expect, it } from 'vitest';
import { eventShareText } from './events.js';
import { whatsAppUrl } from './reminder.js';

describe("'Avisar no WhatsApp' on an event", () => {
  const camp = {
    title: 'Acampamento de Verão', kind: 'acampamento' as const, starts_on: '2026-12-18', ends_on: '2026-12-20',
    place: 'Sítio Recanto, Juquitiba (SP)', cost: '1234.5', instalments: 2, registration_deadline: '2026-12-07',
  };
  it('says the club, kind, dates dd/mm/aaaa, place, R$ 1.234,50 in instalments and the deadline', () => {
    const text = eventShareText('Clube Águias', camp);
    expect(text).toBe('📣 Clube Águias: Acampamento de Verão (Acampamento) de 18/12/2026 a 20/12/2026, Sítio Recanto, Juquitiba (SP). Valor: R$ 1.234,50 em 2x. Inscrições até 07/12/2026 na área da família do Trilha.');
    const url = new URL(whatsAppUrl(null, text));
    expect(url.origin + url.pathname).toBe('https://wa.me/');
    expect(url.searchParams.get('text')).toBe(text);
  });
  it('a free one-day event says the day and Gratuito', () => {
    const text = eventShareText('Clube', { ...camp, kind: 'culto_especial', ends_on: camp.starts_on, cost: '0.00', instalments: 1 });
    expect(text).toContain('(Culto especial) em 18/12/2026,');
    expect(text).toContain('Gratuito.');
  });
});
