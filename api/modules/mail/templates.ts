import type { EmailMessage } from './mailer.ts';

const PRODUCT = 'FireFit Canada';

function escapeHtml(text: string): string {
  return text.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] ?? c,
  );
}

function layout(title: string, paragraphs: string[], action?: { label: string; url: string }): string {
  const body = paragraphs.map((p) => `<p style="margin:0 0 16px">${escapeHtml(p)}</p>`).join('');
  const button = action
    ? `<p style="margin:24px 0"><a href="${escapeHtml(action.url)}" style="background:#b91c1c;color:#fff;padding:12px 20px;border-radius:6px;text-decoration:none;font-weight:bold">${escapeHtml(action.label)}</a></p><p style="margin:0 0 16px;font-size:13px;color:#555">Or open this address: ${escapeHtml(action.url)}</p>`
    : '';
  return `<!doctype html><html><body style="font-family:Arial,sans-serif;color:#111;max-width:560px;margin:0 auto;padding:24px"><h1 style="font-size:20px">${escapeHtml(title)}</h1>${body}${button}<p style="font-size:12px;color:#777">${PRODUCT}</p></body></html>`;
}

export function verifyEmailMessage(to: string, firstName: string, url: string, hoursValid: number): EmailMessage {
  const lines = [
    `Hello ${firstName},`,
    `Please confirm that this is your e-mail address to finish setting up your ${PRODUCT} account.`,
    `The link works once and expires in ${hoursValid} hours. If you did not create an account, ignore this message.`,
  ];
  return {
    to,
    subject: `Verify your e-mail address for ${PRODUCT}`,
    text: `${lines.join('\n\n')}\n\nVerify your address: ${url}\n`,
    html: layout('Verify your e-mail address', lines, { label: 'Verify my e-mail', url }),
    links: [url],
  };
}

export function resetPasswordMessage(to: string, firstName: string, url: string, minutesValid: number): EmailMessage {
  const lines = [
    `Hello ${firstName},`,
    `Someone asked to reset the password of your ${PRODUCT} account. If it was you, choose a new password with the link below.`,
    `The link works once and expires in ${minutesValid} minutes. If you did not ask, ignore this message: your password stays as it is.`,
  ];
  return {
    to,
    subject: `Reset your ${PRODUCT} password`,
    text: `${lines.join('\n\n')}\n\nReset your password: ${url}\n`,
    html: layout('Reset your password', lines, { label: 'Choose a new password', url }),
    links: [url],
  };
}

export function passwordChangedMessage(to: string, firstName: string, signInUrl: string): EmailMessage {
  const lines = [
    `Hello ${firstName},`,
    `The password of your ${PRODUCT} account was just changed, and every signed-in device was signed out.`,
    'If you did not do this, reset your password at once and tell the organisers.',
  ];
  return {
    to,
    subject: `Your ${PRODUCT} password was changed`,
    text: `${lines.join('\n\n')}\n\nSign in: ${signInUrl}\n`,
    html: layout('Your password was changed', lines, { label: 'Sign in', url: signInUrl }),
  };
}

/** A captain invited this person to a team (docs/decisions/026); they answer in the portal. */
export function teamInvitationMessage(
  to: string,
  firstName: string,
  teamName: string,
  captainName: string | undefined,
  teamsUrl: string,
): EmailMessage {
  const lines = [
    `Hello ${firstName},`,
    `${captainName ?? 'A team captain'} invited you to join the team ${teamName} on ${PRODUCT}.`,
    'Nothing changes until you answer: accept or decline the invitation on your teams page in the portal. If you do not know this team, decline it.',
  ];
  return {
    to,
    subject: `You are invited to join ${teamName}`,
    text: `${lines.join('\n\n')}\n\nYour teams: ${teamsUrl}\n`,
    html: layout('You are invited to join a team', lines, { label: 'See the invitation', url: teamsUrl }),
    links: [teamsUrl],
  };
}

export function signInLockedMessage(
  to: string,
  firstName: string,
  minutesLocked: number,
  resetUrl: string,
): EmailMessage {
  const lines = [
    `Hello ${firstName},`,
    `Someone entered a wrong password for your ${PRODUCT} account several times in a row, so signing in to it is paused for ${minutesLocked} minutes.`,
    'If it was you, wait and try again, or choose a new password with the link below. If it was not you, your password has held: choosing a new, longer one is still a good idea.',
  ];
  return {
    to,
    subject: `Sign-in to your ${PRODUCT} account is paused`,
    text: `${lines.join('\n\n')}\n\nChoose a new password: ${resetUrl}\n`,
    html: layout('Sign-in is paused', lines, { label: 'Choose a new password', url: resetUrl }),
    links: [resetUrl],
  };
}

export function signUpWithTakenAddressMessage(
  to: string,
  firstName: string,
  signInUrl: string,
  resetUrl: string,
): EmailMessage {
  const lines = [
    `Hello ${firstName},`,
    `Someone tried to create a ${PRODUCT} account with this e-mail address, which already has one. No second account was made.`,
    'If it was you, sign in with your password, or choose a new one if you forgot it. If it was not you, you can ignore this message.',
  ];
  return {
    to,
    subject: `You already have a ${PRODUCT} account`,
    text: `${lines.join('\n\n')}\n\nSign in: ${signInUrl}\nForgot your password: ${resetUrl}\n`,
    html: layout('You already have an account', lines, { label: 'Sign in', url: signInUrl }),
    links: [signInUrl, resetUrl],
  };
}
