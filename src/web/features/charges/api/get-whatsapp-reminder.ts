import type { TWhatsAppReminder } from '@shared/charges';
import { api } from '@web/lib/api';

/** Asked when the treasurer taps 'Cobrar via WhatsApp' (the text carries the PIX codes of that moment). */
export const getWhatsAppReminder = (clubId: string, profileId: string) =>
  api<TWhatsAppReminder>('GET', `/api/clubs/${clubId}/debtors/${profileId}/whatsapp`);
