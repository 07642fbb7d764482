// Origins, statuses and payment methods of receivables with their pt-BR labels, without zod: 'Quem deve'
// and a member's own charges import these alone, so their first load carries no schema.

export const CHARGE_ORIGINS = ['mensalidade', 'evento', 'avulsa'] as const;
export type TChargeOrigin = (typeof CHARGE_ORIGINS)[number];
export const CHARGE_ORIGIN_LABEL: Record<TChargeOrigin, string> = { mensalidade: 'Mensalidade', evento: 'Evento', avulsa: 'Avulsa' };

export const CHARGE_STATUSES = ['aberta', 'paga', 'paga_em_parte', 'cancelada'] as const;
export type TChargeStatus = (typeof CHARGE_STATUSES)[number];
export const CHARGE_STATUS_LABEL: Record<TChargeStatus, string> = {
  aberta: 'Aberta', paga: 'Paga', paga_em_parte: 'Paga em parte', cancelada: 'Cancelada',
};

export const PAYMENT_METHODS = ['pix', 'dinheiro', 'transferencia', 'cartao', 'outro'] as const;
export type TPaymentMethod = (typeof PAYMENT_METHODS)[number];
export const PAYMENT_METHOD_LABEL: Record<TPaymentMethod, string> = {
  pix: 'PIX', dinheiro: 'Dinheiro', transferencia: 'Transferência', cartao: 'Cartão', outro: 'Outro',
};
