import { formatBrl } from './format-brl.js';
import { plural } from './plural.js';

/** 'YYYY-MM-DD' → 'dd/mm/aaaa'. */
const brDate = (iso: string) => `${iso.slice(8, 10)}/${iso.slice(5, 7)}/${iso.slice(0, 4)}`;

export interface ReminderCharge {
  description: string;
  due_date: string;
  open_amount: string;
  short_code: string;
  pix_copia_e_cola: string | null;
}

/** At most this many charges are written out, each with its PIX; the rest are counted. */
export const REMINDER_MAX_CHARGES = 5;

/**
 * The pt-BR message of a reminder (WhatsApp and e-mail): who owes, each charge with its due date and
 * amount, the total, and each charge's PIX copia e cola (its own amount and txid, so the treasurer
 * can tell the payments apart on the statement).
 */
export function reminderText(input: { clubName: string; contactName: string | null; memberName: string; total: string; charges: ReminderCharge[] }): string {
  const shown = input.charges.slice(0, REMINDER_MAX_CHARGES);
  const lines = [
    `Olá${input.contactName ? `, ${input.contactName}` : ''}! Aqui é a tesouraria do ${input.clubName}.`,
    `${input.memberName} tem ${input.charges.length === 1 ? 'uma cobrança em aberto' : `${input.charges.length} cobranças em aberto`}:`,
    ...shown.map((c) => `• ${c.description} (${c.short_code}) — vencimento ${brDate(c.due_date)} — R$ ${formatBrl(c.open_amount)}`),
  ];
  if (input.charges.length > shown.length) lines.push(`• e mais ${plural(input.charges.length - shown.length, 'cobrança', 'cobranças')}`);
  lines.push(`Total: R$ ${formatBrl(input.total)}`);
  const pix = shown.filter((c) => c.pix_copia_e_cola);
  if (pix.length > 0) {
    lines.push('', pix.length === 1 ? 'PIX copia e cola:' : 'PIX copia e cola (um por cobrança):');
    for (const c of pix) lines.push(pix.length === 1 ? `${c.pix_copia_e_cola}` : `${c.short_code}: ${c.pix_copia_e_cola}`);
  }
  lines.push('', 'Obrigado!');
  return lines.join('\n');
}

/** A Brazilian phone as wa.me wants it (country code, digits only), or null when it is not one. */
export function whatsAppNumber(phone: string | null): string | null {
  if (!phone) return null;
  const digits = phone.replace(/\D/g, '').replace(/^00/, '');
  if (/^55\d{10,11}$/.test(digits)) return digits;
  if (/^0?\d{10,11}$/.test(digits)) return `55${digits.replace(/^0/, '')}`;
  return null;
}

/** The wa.me link: the treasurer's own WhatsApp opens with the text; without a number they pick the contact. */
export function whatsAppUrl(phone: string | null, text: string): string {
  return `https://wa.me/${phone ?? ''}?text=${encodeURIComponent(text)}`;
}
