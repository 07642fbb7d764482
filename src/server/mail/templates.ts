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

export function invitationMail(clubName: string, url: string): MailContent {
  const lines = [`Você foi convidado para participar do clube ${clubName} no Trilha.`, 'Abra o link para aceitar o convite.'];
  return {
    subject: `Convite para o clube ${clubName}`,
    text: `${lines.join('\n\n')}\n\nAceitar convite: ${url}\n\nTrilha`,
    html: layout(lines, { url, label: 'Aceitar convite' }),
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
