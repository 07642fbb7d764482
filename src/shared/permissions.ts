/**
 * Club functions and what each may do: the one permission table (issue 14). The server's guards read
 * it, the web app hides what it forbids, and a test walks every registered route against it.
 */

export const CLUB_ROLES = ['admin', 'associate', 'secretary', 'treasurer', 'counselor', 'instructor', 'member'] as const;
export type TClubRole = (typeof CLUB_ROLES)[number];

/** pt-BR labels of the functions, in the order the role picker lists them. */
export const ROLE_LABELS: Record<TClubRole, string> = {
  admin: 'Diretor(a)',
  associate: 'Diretor(a) associado(a)',
  secretary: 'Secretário(a)',
  treasurer: 'Tesoureiro(a)',
  counselor: 'Conselheiro(a)',
  instructor: 'Instrutor(a)',
  member: 'Desbravador(a) / Membro',
};

export function isClubRole(value: string): value is TClubRole {
  return (CLUB_ROLES as readonly string[]).includes(value);
}

/** A counsellor acts only on the members of their own unit, and adjusts points within this bound. */
export const COUNSELOR_POINT_LIMIT = 50;

/**
 * Every club permission: who holds it for the whole club (`roles`) and who holds it only for their
 * own unit (`unitRoles`). The director ('admin') holds everything.
 */
export const CLUB_PERMISSIONS = {
  /** Dashboard, units, periods, active tasks, ranking, member names, own tasks, profile and savings goals. */
  'club.read': { roles: CLUB_ROLES, unitRoles: [], summary: 'qualquer membro do clube' },
  /** Club settings, logo, deactivation; deleting the club. */
  'club.settings': { roles: ['admin'], unitRoles: [] },
  /** Member e-mails and records. */
  'members.read': { roles: ['admin', 'associate', 'secretary', 'treasurer'], unitRoles: [] },
  /** Add, edit, remove and import members; invitations. */
  'members.manage': { roles: ['admin', 'associate', 'secretary'], unitRoles: [] },
  'units.manage': { roles: ['admin', 'associate', 'secretary'], unitRoles: [] },
  'periods.manage': { roles: ['admin', 'associate', 'secretary'], unitRoles: [] },
  /** Tasks, recurring tasks, questions, subtasks, task badges, inactive tasks and correct answers. */
  'tasks.manage': { roles: ['admin', 'associate', 'instructor'], unitRoles: [] },
  /** The approval queue: approve or reject submissions. */
  'submissions.review': { roles: ['admin', 'associate', 'instructor'], unitRoles: ['counselor'] },
  /** Record a task for another member; read their tasks and profile. */
  'progress.record': { roles: ['admin', 'associate', 'instructor'], unitRoles: ['counselor'] },
  /** Bonus or penalty points with a reason (a counsellor: their unit's members, within ±50). */
  'points.adjust': { roles: ['admin', 'associate'], unitRoles: ['counselor'] },
  /** 'Pontuar vários': the same points for many members at once, and undoing such a batch. */
  'points.batch': { roles: ['admin', 'associate'], unitRoles: [] },
  /** Award a badge by hand. */
  'badges.award': { roles: ['admin', 'associate', 'instructor'], unitRoles: [] },
  /** Cash accounts, savings goals, chart of accounts, transactions and their reports. */
  'finance.manage': { roles: ['admin', 'associate', 'treasurer'], unitRoles: [] },
  /** Charges ('cobranças'), their payments and reversals, 'quem deve', dues plans and the club's PIX. */
  'charges.manage': { roles: ['admin', 'associate', 'treasurer'], unitRoles: [] },
  /** Events: create, edit, cancel, register members, tick their checklist, the roster. */
  'events.manage': { roles: ['admin', 'associate', 'secretary'], unitRoles: [] },
  /** Read events, their registrations and roster (the treasurer follows what each costs). */
  'events.read': { roles: ['admin', 'associate', 'secretary', 'treasurer'], unitRoles: [] },
  /** The club's event authorisation text that guardians sign (the direction). */
  'events.terms': { roles: ['admin', 'associate'], unitRoles: [] },
  /** Saídas (issue 49): the saída sheet, its leaders and APCR, the club's APCR template, revoking a phone's pack. */
  'camps.manage': { roles: ['admin', 'associate', 'secretary'], unitRoles: [] },
  /** Camp mode: the leadership; the service lets only the leaders named on the saída read health data and write the log. */
  'camps.lead': { roles: ['admin', 'associate', 'secretary', 'treasurer', 'instructor'], unitRoles: ['counselor'] },
  /** The roll-call sheets and attendance reports of the club's meetings (a counsellor: their unit). */
  'attendance.report': { roles: ['admin', 'associate', 'secretary'], unitRoles: ['counselor'] },
  /** Roll call of a meeting (a counsellor: their unit). */
  'attendance.record': { roles: ['admin', 'associate'], unitRoles: ['counselor'] },
  /** The club's 'Registro de atividades' (audit log): who did what and when. */
  'audit.read': { roles: ['admin'], unitRoles: [] },
  /** The programme: requisitos, enrolments, instructors, investiduras and its reports. */
  'programme.manage': { roles: ['admin', 'associate', 'secretary'], unitRoles: [] },
  /** Sign requisitos (an instructor: only the classes and especialidades assigned to them; ADR 040). */
  'programme.sign': { roles: ['admin', 'associate', 'instructor'], unitRoles: ['counselor'] },
  /** Patrimônio: items, their files, write-offs, inventory counts, kits, sizes and kit orders (issue 50). */
  'patrimonio.manage': { roles: ['admin', 'associate', 'treasurer'], unitRoles: [] },
  /** Read the patrimônio, lend an item (check-out) and record its return (check-in): the leaders (a counsellor: to their unit or themselves). */
  'patrimonio.lend': { roles: ['admin', 'associate', 'treasurer', 'secretary', 'instructor'], unitRoles: ['counselor'] },
  /** Members' sizes and kit deliveries, 'quem ainda não recebeu' (a counsellor: their unit). */
  'uniforms.read': { roles: ['admin', 'associate', 'secretary', 'treasurer'], unitRoles: ['counselor'] },
  /** Ready for the Associação (issue 48): SGC fields, seguro, deadline, diretoria, the year's plan. */
  'associacao.manage': { roles: ['admin', 'associate', 'secretary'], unitRoles: [] },
  /** Read the Associação's evaluation of the club (its checklist and score): the club's leaders. */
  'associacao.read': { roles: ['admin', 'associate', 'secretary', 'treasurer', 'counselor', 'instructor'], unitRoles: [] },
  /** The secretaria's books (atas, atos, ofícios, visitas): the club's leaders read them (issue 47). */
  'secretaria.read': { roles: ['admin', 'associate', 'secretary', 'treasurer', 'counselor', 'instructor'], unitRoles: [] },
  /** Write the atas, atos and ofícios: the secretary and the direction. */
  'secretaria.manage': { roles: ['admin', 'associate', 'secretary'], unitRoles: [] },
  /** Hand the phone to a visitor to sign the livro de visitas: any leader. */
  'secretaria.visitors': { roles: ['admin', 'associate', 'secretary', 'treasurer', 'counselor', 'instructor'], unitRoles: [] },
} as const satisfies Record<string, { roles: readonly TClubRole[]; unitRoles: readonly TClubRole[]; summary?: string }>;

export type TClubPermission = keyof typeof CLUB_PERMISSIONS;
export const CLUB_PERMISSION_KEYS = Object.keys(CLUB_PERMISSIONS) as TClubPermission[];

/**
 * What a route declares in its `config.permission`: a club permission (the path has `:clubId`), or
 * one of the kinds outside a club.
 */
export type TRoutePermission = TClubPermission | 'public' | 'signed_in' | 'super_admin' | 'local_admin';

/** Whether the function holds the permission, and how far: the whole club, their unit, or not at all. */
export function permissionScope(role: string, permission: TClubPermission): 'club' | 'unit' | null {
  const p: { roles: readonly string[]; unitRoles: readonly string[] } = CLUB_PERMISSIONS[permission];
  if (p.roles.includes(role)) return 'club';
  if (p.unitRoles.includes(role)) return 'unit';
  return null;
}

/** Every permission the function holds (at any scope), for the web app to hide what it may not use. */
export function permissionsOf(role: string): TClubPermission[] {
  return CLUB_PERMISSION_KEYS.filter((p) => permissionScope(role, p) !== null);
}

/** The functions that hold a permission, as pt-BR labels ("Diretor(a), Secretário(a) ou Conselheiro(a) da unidade"). */
export function holdersLabel(permission: TClubPermission): string {
  const p: { roles: readonly TClubRole[]; unitRoles: readonly TClubRole[] } = CLUB_PERMISSIONS[permission];
  const names = [...p.roles.map((r) => ROLE_LABELS[r]), ...p.unitRoles.map((r) => `${ROLE_LABELS[r]} (da própria unidade)`)];
  if (names.length === 1) return names[0];
  return `${names.slice(0, -1).join(', ')} ou ${names[names.length - 1]}`;
}

/** Who may call a route, in pt-BR (OpenAPI summaries and 403 messages). */
export function routePermissionLabel(permission: TRoutePermission): string {
  switch (permission) {
    case 'public': return 'qualquer pessoa';
    case 'signed_in': return 'qualquer pessoa com login';
    case 'super_admin': return 'super admin';
    case 'local_admin': return 'comandos locais do servidor';
    case 'club.read': return CLUB_PERMISSIONS['club.read'].summary;
    default: return holdersLabel(permission);
  }
}

export const PERMISSION_MSG = {
  forbidden: (permission: TClubPermission) => `Sem permissão. Só pode fazer isso: ${holdersLabel(permission)}.`,
  otherUnit: 'Na função Conselheiro(a), só se age sobre os membros da própria unidade.',
  counselorPointLimit: `Na função Conselheiro(a), o ajuste é de no máximo ${COUNSELOR_POINT_LIMIT} pontos por vez.`,
  counselorNeedsUnit: 'A função Conselheiro(a) pede uma unidade: escolha a unidade que a pessoa vai liderar.',
  roleInvalid: 'Escolha uma função da lista.',
  onlyDirectorChangesDirector: 'Só quem tem a função Diretor(a) pode dar, alterar ou tirar essa função.',
  onlyDirectorsChangeAssociates: 'Só a diretoria pode dar, alterar ou tirar a função Diretor(a) associado(a).',
} as const;

/**
 * Why the actor may not give (or take away) this function, or null if they may: only a director
 * names or changes a director, and only the directors (including associates) an associate.
 */
export function grantRefusal(actorRole: string, role: string): string | null {
  if (role === 'admin' && actorRole !== 'admin') return PERMISSION_MSG.onlyDirectorChangesDirector;
  if (role === 'associate' && actorRole !== 'admin' && actorRole !== 'associate') return PERMISSION_MSG.onlyDirectorsChangeAssociates;
  return null;
}

/** Legacy free-text titles and pt-BR labels understood as a function (forms, CSV, old rows). */
export function roleFromText(text: string): TClubRole | null {
  const folded = text.trim().toLowerCase().normalize('NFD').replace(/[\u0300-\u036f]/g, '');
  if (isClubRole(folded)) return folded;
  const table: Array<[RegExp, TClubRole]> = [
    [/^diretor(a|\(a\))? associad/, 'associate'],
    [/^(administrador(a|\(a\))?|diretor(a|\(a\))?)$/, 'admin'],
    [/^secretari/, 'secretary'],
    [/^tesoureir/, 'treasurer'],
    [/^conselheir/, 'counselor'],
    [/^instrutor/, 'instructor'],
    [/^(desbravador|membro)/, 'member'],
  ];
  return table.find(([re]) => re.test(folded))?.[1] ?? null;
}
