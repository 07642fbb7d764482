import { MSG } from './errors.js';

// The club messages without zod, for screens that show them but validate nothing (ADR 021).
export const CLUB_MSG = {
  nameRequired: 'Informe o nome do clube',
  slugRequired: 'Informe o identificador (slug) do clube',
  slugInvalid: 'Use apenas letras minúsculas, números e hífens no identificador',
  slugTaken: 'Este identificador já está em uso por outro clube. Escolha outro.',
  timezoneRequired: 'Selecione o fuso horário',
  created: 'Clube criado com sucesso!',
  createFallback: 'Erro ao criar clube',
  deactivatedTitle: MSG.clubDeactivated,
  deactivatedHint: 'Você ainda pode consultar e exportar os dados do clube, mas nada pode ser criado, alterado ou excluído. Para reativá-lo, fale com a administração do Trilha.',
  activeSuperAdminOnly: 'Somente a administração da plataforma pode ativar ou desativar o clube.',
} as const;
