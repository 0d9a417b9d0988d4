import type { Db } from '../db/db';
import type { Lang } from '../shared/messages';
import type { JobQueue } from '../integrations/jobs';
import { keyOf, queueMail } from '../integrations/mail/queue';
import type { Outbox } from '../shared/outbox/outbox';
import { findUsersByEmail, type IdentityUser } from './accounts';
import { hashPassword } from './passwords';
import { endAllSessions } from './revocations';
import { rateLimit } from './rateLimit';
import { t, type TextKey } from './texts';
import { consumeUserToken, issueUserToken, peekUserToken, voidUserTokens, type UserTokenPurpose } from './userTokens';
import { clearAddressFailures, clientNetwork } from './bruteForce';

/** Where mailed links lead. */
export interface AccountLinks {
  resetPassword(token: string, lang: Lang): string;
  deleteAccount(token: string, lang: Lang): string;
  verifyEmail(token: string, lang: Lang): string;
}

export interface AccountServices {
  db: Db;
  /** Work done after the answer (the forgot-password look-up). */
  jobs: JobQueue;
  /** Mails go out through the outbox, after the commit (integrations/mail/queue). */
  outbox: Outbox;
  links: AccountLinks;
}

/**
 * The account pages' links under the realm path, e.g.
 * `http://127.0.0.1:8080/realms/booking-admin/login-actions/reset-password?token=…&kc_locale=sv`.
 */
export function accountLinks(baseUrl: string): AccountLinks {
  const link = (action: string) => (token: string, lang: Lang) =>
    `${baseUrl}/login-actions/${action}?${new URLSearchParams({ token, kc_locale: lang })}`;
  return { resetPassword: link('reset-password'), deleteAccount: link('delete-account'), verifyEmail: link('verify-email') };
}

function displayName(user: IdentityUser): string {
  return `${user.firstname} ${user.lastname}`.trim() || user.email;
}

/** The mails that carry a link: the token purpose the link uses and the texts of the subject and body. */
const LINK_MAILS = {
  reset_password: { purpose: 'reset_password', link: 'resetPassword', subject: 'resetSubject', body: 'resetBody' },
  invitation: { purpose: 'reset_password', link: 'resetPassword', subject: 'inviteSubject', body: 'inviteBody' },
  delete_account: { purpose: 'delete_account', link: 'deleteAccount', subject: 'deleteSubject', body: 'deleteBody' },
  verify_email: { purpose: 'verify_email', link: 'verifyEmail', subject: 'verifySubject', body: 'verifyBody' },
} satisfies Record<string, { purpose: UserTokenPurpose; link: keyof AccountLinks; subject: TextKey; body: TextKey }>;

/** Issues a token for the user's account (one company) and mails them the link that uses it. */
async function mailTokenLink({ db, outbox, links }: AccountServices, user: IdentityUser, lang: Lang, kind: keyof typeof LINK_MAILS): Promise<void> {
  const mail = LINK_MAILS[kind];
  const token = await issueUserToken(db, { companyId: user.companyId, userId: user.id, purpose: mail.purpose });
  const link = links[mail.link](token, lang);
  const params = { name: displayName(user), email: user.email, company: user.companyName, link };
  // One mail per issued token, whatever retries the caller makes.
  await queueMail(
    outbox,
    db,
    { companyId: user.companyId, to: user.email, subject: t(lang, mail.subject, params), text: t(lang, mail.body, params), kind },
    keyOf(kind, token),
  );
}

/** Reset mails one address gets at most per hour; further requests are dropped without a word. */
const RESET_MAILS_PER_ADDRESS_PER_HOUR = 3;
/** Forgot-password requests one client may make per 15 minutes. */
export const FORGOT_REQUESTS_PER_CLIENT = 10;
const FORGOT_WINDOW_SECONDS = 15 * 60;
const RESET_JOB = 'identity.password-reset';

/**
 * Mails a one-hour password reset link for each active account of this e-mail (one per company,
 * each naming its company; at most RESET_MAILS_PER_ADDRESS_PER_HOUR requests an hour); does
 * nothing when there is none. Runs after the answer (a job).
 */
export async function sendPasswordReset(services: AccountServices, email: string, lang: Lang): Promise<void> {
  const accounts = (await findUsersByEmail(services.db, email)).filter((u) => u.active);
  if (!accounts.length) return;
  if (!(await rateLimit(services.db, `reset-mail:${accounts[0].email.toLowerCase()}`, RESET_MAILS_PER_ADDRESS_PER_HOUR, 3600)).allowed) return;
  for (const user of accounts) await mailTokenLink(services, user, lang, 'reset_password');
}

/**
 * Mails a new administrator (an account in one company) the invitation to choose its password:
 * the same mail whether or not the address has accounts in other companies.
 */
export async function sendInvitation(services: AccountServices, user: IdentityUser, lang: Lang): Promise<void> {
  await mailTokenLink(services, user, lang, 'invitation');
}

/**
 * Forgot password, as the API and the pages answer it: the same, in the same time, for known,
 * unknown, invited and inactive addresses. The request is only queued here (one insert whatever
 * the address); looking the account up and mailing happen after the answer. A client asking more
 * than FORGOT_REQUESTS_PER_CLIENT times in 15 minutes is refused with the seconds to wait.
 * @example
 * const { retryAfterSeconds } = await requestPasswordReset(services, email, 'sv', request.ip);
 */
export async function requestPasswordReset(services: AccountServices, email: string, lang: Lang, client: string): Promise<{ retryAfterSeconds?: number }> {
  const limit = await rateLimit(services.db, `forgot:${clientNetwork(client)}`, FORGOT_REQUESTS_PER_CLIENT, FORGOT_WINDOW_SECONDS);
  if (!limit.allowed) return { retryAfterSeconds: limit.retryAfterSeconds };
  await services.jobs.send(services.db, RESET_JOB, { email, lang });
  return {};
}

/** Works the queued forgot-password requests with these services. */
export function workPasswordResets(services: AccountServices): void {
  services.jobs.work(RESET_JOB, async (payload) => {
    await sendPasswordReset(services, String(payload.email), payload.lang as Lang);
  });
}

/**
 * After a password is set by any means other than a reset link: the account's other sessions end
 * (all of them when `exceptSid` is not given) and unused reset links stop working.
 */
export async function passwordChanged(db: Db, user: { id: number; companyId: number; subject: string }, exceptSid?: string): Promise<void> {
  await endAllSessions(db, user.subject, exceptSid);
  await voidUserTokens(db, user, 'reset_password');
}

/** Whether a reset link is still usable (to show the form or the 'invalid link' page). */
export async function resetTokenValid(db: Db, token: string): Promise<boolean> {
  return !!(await peekUserToken(db, token, 'reset_password'));
}

/** Sets a new password with a reset token, ends all the account's sessions and lifts a sign-in lockout. */
export async function resetPassword(db: Db, token: string, password: string): Promise<boolean> {
  const hash = await hashPassword(password);
  return db.tx(async (tx) => {
    const owner = await consumeUserToken(tx, token, 'reset_password');
    if (!owner) return false;
    const user = await tx.one<{ subject: string; email: string }>(
      'update users set password_hash = $1, updated = now() where id = $2 and company_id = $3 returning subject, email',
      [hash, owner.userId, owner.companyId],
    );
    if (!user) return false;
    await endAllSessions(tx, user.subject);
    await clearAddressFailures(tx, user.email);
    return true;
  });
}

export async function requestAccountDeletion(services: AccountServices, user: IdentityUser, lang: Lang): Promise<void> {
  await mailTokenLink(services, user, lang, 'delete_account');
}

/** The e-mail of the account a deletion link is for, while the link is valid. */
export async function deletionTarget(db: Db, token: string): Promise<string | undefined> {
  const owner = await peekUserToken(db, token, 'delete_account');
  if (!owner) return undefined;
  const row = await db.one<{ email: string }>('select email from users where id = $1 and company_id = $2', [owner.userId, owner.companyId]);
  return row?.email;
}

/**
 * Deletes the account a confirmed deletion link names and ends its sessions. When other records
 * still point at the administrator, the account is anonymised and deactivated instead.
 */
export async function deleteAccount(db: Db, token: string): Promise<boolean> {
  const owner = await db.tx(async (tx) => {
    const found = await consumeUserToken(tx, token, 'delete_account');
    if (!found) return undefined;
    const user = await tx.one<{ subject: string }>('select subject from users where id = $1 and company_id = $2', [found.userId, found.companyId]);
    if (!user) return undefined;
    await endAllSessions(tx, user.subject);
    return { ...found, subject: user.subject };
  });
  if (!owner) return false;
  try {
    await db.tx((tx) => tx.query('delete from users where id = $1 and company_id = $2', [owner.userId, owner.companyId]));
  } catch (err) {
    if ((err as { code?: string }).code !== '23503') throw err;
    await db.query(
      `update users set active = false, email = 'deleted-' || id || '@invalid', firstname = '', lastname = '', phone = null,
              password_hash = null, updated = now()
        where id = $1 and company_id = $2`,
      [owner.userId, owner.companyId],
    );
  }
  return true;
}

export async function requestEmailVerification(services: AccountServices, user: IdentityUser, lang: Lang): Promise<void> {
  await mailTokenLink(services, user, lang, 'verify_email');
}

export async function verifyEmail(db: Db, token: string): Promise<boolean> {
  return db.tx(async (tx) => {
    const owner = await consumeUserToken(tx, token, 'verify_email');
    if (!owner) return false;
    await tx.query('update users set email_verified = true, updated = now() where id = $1 and company_id = $2', [owner.userId, owner.companyId]);
    return true;
  });
}
