/** pt-BR texts of every e-mail the platform sends: plain text plus a simple HTML version. */
export interface MailContent {
  subject: string;
  text: string;
  html: string;
}

function escapeHtml(s: string): string {
  return s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] as string);
}

function layout(paragraphs: string[], link?: { url: string; label: string }): string {
  const body = paragraphs.map((p) => `<p>${escapeHtml(p)}</p>`).join('\n');
  const button = link
    ? `<p><a href="${escapeHtml(link.url)}" style="display:inline-block;padding:10px 16px;background:#166534;color:#fff;text-decoration:none;border-radius:6px">${escapeHtml(link.label)}</a></p>\n<p style="font-size:12px;color:#555">Se o botão não funcionar, copie este endereço no navegador: ${escapeHtml(link.url)}</p>`
    : '';
  return `<!doctype html><html lang="pt-BR"><body style="font-family:Arial,sans-serif;line-height:1.5;color:#111">\n${body}\n${button}\n<p style="font-size:12px;color:#555">Trilha</p></body></html>`;
}

export function passwordResetMail(name: string, url: string): MailContent {
  const lines = [
    `Olá, ${name}!`,
    'Recebemos um pedido para redefinir a senha da sua conta no Trilha.',
    'O link vale por 1 hora e só pode ser usado uma vez. Se você não pediu, ignore este e-mail: sua senha continua a mesma.',
  ];
  return {
    subject: 'Redefinição de senha do Trilha',
    text: `${lines.join('\n\n')}\n\nRedefinir senha: ${url}\n\nTrilha`,
    html: layout(lines, { url, label: 'Redefinir senha' }),
  };
}

export interface InvitationMailData {
  clubName: string;
  /** Who sent it (null when the account was since deleted). */
  inviterName: string | null;
  /** The function in the club, as the club reads it ('Desbravador(a)'). */
  roleLabel: string;
  /** When the link stops working, already in the club's words ('10/12/2026 às 19:30'). */
  expiresText: string;
  url: string;
}

export function invitationMail(d: InvitationMailData): MailContent {
  // The club's name usually starts with 'Clube': never 'o clube Clube Águias'.
  const lines = [
    `${d.inviterName ?? 'A diretoria'} convidou você para participar de ${d.clubName} no Trilha, como ${d.roleLabel}.`,
    `Abra o link para aceitar o convite. Ele vale até ${d.expiresText} e só pode ser usado uma vez, com este e-mail.`,
  ];
  return {
    subject: `Convite: ${d.clubName} no Trilha`,
    text: `${lines.join('\n\n')}\n\nAceitar convite: ${d.url}\n\nTrilha`,
    html: layout(lines, { url: d.url, label: 'Aceitar convite' }),
  };
}

export function emailChangeMail(name: string, url: string): MailContent {
  const lines = [
    `Olá, ${name}!`,
    'Confirme este endereço como o novo e-mail da sua conta no Trilha.',
    'O link vale por 1 hora. Se você não pediu a troca, ignore este e-mail.',
  ];
  return {
    subject: 'Confirme seu novo e-mail no Trilha',
    text: `${lines.join('\n\n')}\n\nConfirmar e-mail: ${url}\n\nTrilha`,
    html: layout(lines, { url, label: 'Confirmar e-mail' }),
  };
}

export function passwordChangedMail(name: string): MailContent {
  const lines = [`Olá, ${name}!`, 'A senha da sua conta no Trilha foi alterada e as outras sessões foram encerradas.', 'Se não foi você, redefina sua senha imediatamente.'];
  return { subject: 'Sua senha do Trilha foi alterada', text: `${lines.join('\n\n')}\n\nTrilha`, html: layout(lines) };
}

/** A guardian's invitation (LGPD art. 14): the text the club could also copy, with the link as a button. */
export function guardianInvitationMail(message: { subject: string; body: string }, url: string): MailContent {
  const paragraphs = message.body.split('\n').filter((line) => line.trim() && line !== url);
  return { subject: message.subject, text: `${message.body}\n\nTrilha`, html: layout(paragraphs, { url, label: 'Ver convite e termo' }) };
}

/** The club's consent reached a regional coordinator: the link opens the regional view (counts only). */
export function regionalShareMail(clubName: string, url: string): MailContent {
  const lines = [
    `O clube ${clubName} compartilhou com você a visão regional do Trilha: a prontidão para o SGC e o seguro, a diretoria e os relatórios do ano, só em números.`,
    'Entre no Trilha com este e-mail (crie uma conta se ainda não tiver) e confirme o endereço para ver o clube.',
  ];
  return {
    subject: `${clubName} compartilhou a visão regional com você`,
    text: `${lines.join('\n\n')}\n\nAbrir a visão regional: ${url}\n\nTrilha`,
    html: layout(lines, { url, label: 'Abrir a visão regional' }),
  };
}

/** Confirms the address the account already has (the regional view trusts only a confirmed e-mail). */
export function emailVerifyMail(name: string, url: string): MailContent {
  const lines = [`Olá, ${name}!`, 'Confirme que este é o seu e-mail no Trilha.', 'O link vale por 1 hora. Se você não pediu, ignore este e-mail.'];
  return { subject: 'Confirme seu e-mail no Trilha', text: `${lines.join('\n\n')}\n\nConfirmar e-mail: ${url}\n\nTrilha`, html: layout(lines, { url, label: 'Confirmar e-mail' }) };
}
