import { describe, expect, it } from 'vitest';
import { meetingShareText } from './meetings.js';
import { whatsAppUrl } from './reminder.js';

describe("'Avisar no WhatsApp' on a meeting", () => {
  it('opens wa.me with the pt-BR text for the unit group: club, title, dd/mm/aaaa and the time', () => {
    const text = meetingShareText('Clube Águias do Sul', { title: 'Reunião de sábado', date: '2026-11-28', start_time: '15:00:00' });
    expect(text).toBe('📣 Clube Águias do Sul: Reunião de sábado em 28/11/2026 às 15h00. Contamos com você!');
    const url = new URL(whatsAppUrl(null, text));
    expect(url.origin + url.pathname).toBe('https://wa.me/');
    expect(url.searchParams.get('text')).toBe(text);
  });
});
