// Messages, programmes and kinds of the programme, without zod: the grid and the cartão import these
// alone, not the schemas of programme.ts. The programme page still loads its other tabs (and their
// schemas) with it: making them lazy measured within the noise (docs/performance.md, 30/11/2026).

/** The club's programme: classes and especialidades, requisitos, enrolments and signatures (ADR 040). */
export const PROGRAMME_MSG = {
  programmesInvalid: 'Escolha Desbravadores, Aventureiros ou os dois',
  pointsInvalid: 'Os pontos devem ser um número inteiro entre 0 e 1000',
  itemNotFound: 'Classe ou especialidade não encontrada',
  notAClass: 'Escolha uma classe',
  requirementNotFound: 'Requisito não encontrado',
  sectionInvalid: 'Seção desconhecida. Use G, DE, SO, DA, SA, OL, EN, AC, EV ou AV.',
  textRequired: 'Escreva o texto do requisito (até 2.000 caracteres)',
  linkSpecialtyInvalid: 'A especialidade a completar não existe no catálogo',
  linkAreaInvalid: 'A área da especialidade não existe no catálogo',
  linkBoth: 'Escolha uma especialidade ou uma área, não as duas',
  orderInvalid: 'A nova ordem deve listar cada requisito do item uma vez',
  memberUnknown: 'Membro não encontrado neste clube',
  alreadyEnrolled: 'Este membro já está inscrito neste item',
  classInProgress: 'Este membro já tem uma classe deste tipo em andamento (uma regular e uma avançada podem correr juntas). Se a inscrição está errada, remova-a no cartão do membro (Remover inscrição); se não, registre a investidura antes.',
  programmeNotChosen: 'O clube não trabalha com este programa. Escolha-o em Configurações do programa.',
  enrolmentNotFound: 'Inscrição não encontrada',
  prerequisiteMissing: (item: string, prerequisite: string) => `Para se inscrever em ${item}, o membro precisa ter concluído ${prerequisite} (todos os requisitos assinados ou investido).`,
  enrolmentHasSignatures: (n: number) => `Esta inscrição tem ${n === 1 ? '1 requisito assinado' : `${n} requisitos assinados`}: confirme a remoção para desfazer as assinaturas e estornar os pontos.`,
  enrolmentInvested: 'Esta inscrição já foi investida: ela faz parte do histórico e não pode ser removida.',
  enrolled: (n: number) => (n === 1 ? '1 membro inscrito.' : `${n} membros inscritos.`),
  advancedNeedsRegular: (item: string, regular: string) => `${item} só pode ser investida com ${regular} concluída (todos os requisitos assinados) ou investida.`,
  gridReadOnlyInstructor: (item: string) => `Grade só de leitura: ${item} ainda não está entre as suas atribuições de instrução. Peça à direção ou à secretaria que atribua a você (Requisitos → Instrutores, ou no seu perfil de membro).`,
  gridReadOnly: (why: string) => `Grade só de leitura: ${why}`,
  instructorItemsInvalid: 'Escolha classes ou especialidades do catálogo (até 100)',
  notEnrolled: 'Este membro não está inscrito neste item',
  membersRequired: 'Escolha ao menos um membro (até 200)',
  memberRepeated: 'Um membro aparece mais de uma vez',
  dateInvalid: 'Informe a data no formato AAAA-MM-DD',
  dateInFuture: 'A data da assinatura não pode estar no futuro',
  noteTooLong: 'A observação pode ter até 500 caracteres',
  signatureNotFound: 'Assinatura não encontrada',
  signOwn: 'Ninguém assina o próprio requisito.',
  notAssigned: 'Você só assina as classes e especialidades que o clube atribuiu a você.',
  notYourUnit: 'Na função Conselheiro(a), só se assina pelos membros da própria unidade.',
  cardForbidden: 'Você não pode ver o cartão deste membro.',
  instructorInvalid: 'Escolha os instrutores entre os membros ativos do clube',
  placeRequired: 'Informe o local da investidura (até 200 caracteres)',
  investitureDateInvalid: 'Informe a data da investidura no formato AAAA-MM-DD, até hoje',
  enrolmentsRequired: 'Escolha ao menos uma classe ou especialidade pronta (até 200)',
  notReady: 'Só quem está pronto para investidura pode ser investido (todos os requisitos assinados).',
  investitureNotFound: 'Investidura não encontrada',
  saved: 'Salvo!',
  signed: 'Requisito assinado!',
  clientIdInvalid: 'Identificador de envio inválido',
  clientIdReused: 'Este envio já foi usado para outra assinatura.',
  clientIdReusedUndo: 'Este envio já foi usado para desfazer outra assinatura.',
  unsigned: 'Assinatura desfeita.',
} as const;

export const PROGRAMMES = ['desbravadores', 'aventureiros'] as const;
export type TProgramme = (typeof PROGRAMMES)[number];
export const PROGRAMME_LABEL: Record<TProgramme, string> = { desbravadores: 'Desbravadores', aventureiros: 'Aventureiros' };

export const ITEM_KINDS = ['class', 'specialty'] as const;
export type TItemKind = (typeof ITEM_KINDS)[number];
export const CLASS_KIND_LABEL = { regular: 'Regular', avancada: 'Avançada', lideranca: 'Liderança' } as const;

export const MARK_MSG = {
  requirementRequired: 'Escolha o requisito que você fez',
  noteTooLong: 'O comentário pode ter até 500 caracteres',
  alreadySigned: 'Este requisito já está assinado.',
  alreadyMarked: 'Você já marcou este requisito: ele aguarda a assinatura da liderança.',
  invested: 'Este item já foi investido.',
  evidenceNeeded: 'Este requisito precisa de comprovação: anexe uma foto, vídeo ou documento.',
  markNotFound: 'Marcação não encontrada',
  reasonRequired: 'Diga ao membro o que falta (até 500 caracteres)',
  notPending: 'Esta marcação já foi decidida.',
  marked: 'Marcado! Agora a liderança confere e assina.',
  returned: 'Marcação devolvida ao membro.',
} as const;
