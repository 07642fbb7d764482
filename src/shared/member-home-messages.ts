// The member's home texts, without zod (ADR 021).
export const HOME_MSG = {
  myPoints: 'Meus pontos',
  myPosition: 'Minha posição',
  myUnit: 'Minha unidade',
  nextTasks: 'Próximas tarefas',
  latestBadges: 'Meus últimos badges',
  noTasks: 'Nenhuma tarefa para fazer agora. Confira mais tarde!',
  noBadges: 'Você ainda não conquistou badges. Conclua tarefas para ganhar os primeiros!',
  noUnit: 'Você ainda não está em uma unidade.',
  loadError: 'Não foi possível carregar o seu resumo.',
} as const;

/** '3º de 25' */
export const positionLabel = (ranking: number | null, count: number) => (ranking === null ? '—' : `${ranking}º de ${count}`);
