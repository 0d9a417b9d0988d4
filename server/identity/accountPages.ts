import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import formbody from '@fastify/formbody';
import type { InteractionDetails } from 'oidc-provider';
import type { Lang } from '../shared/messages';
import { authenticate } from './accounts';
import {
  deleteAccount,
  deletionTarget,
  requestPasswordReset,
  resetPassword,
  resetTokenValid,
  verifyEmail,
  type AccountServices,
} from './accountActions';
import { chooseCompanyPage, deleteAccountPage, forgotPage, loginPage, messagePage, resetPasswordPage } from './pages';
import type { EmbeddedProvider } from './provider';
import { passwordProblem } from './passwords';
import { pageLanguage, t, type TextKey } from './texts';
import type { LockReason } from './bruteForce';

export interface AccountPagesOptions {
  /** `/realms/{realm}`: the pages live under `${realmPath}/login-actions`. */
  realmPath: string;
  /** Where 'Go to the admin' leads. */
  adminUrl: string;
  services: AccountServices;
  /** The embedded provider, for the sign-in interaction; absent when a real Keycloak signs in. */
  embedded?: EmbeddedProvider;
}

type Form = Record<string, string | string[] | undefined>;

function field(body: unknown, name: string): string {
  const value = (body as Form | undefined)?.[name];
  return typeof value === 'string' ? value : '';
}

function query(request: FastifyRequest, name: string): string {
  const value = (request.query as Form | undefined)?.[name];
  return typeof value === 'string' ? value : '';
}

/** The sign-in form's text for each kind of lock (what lifts it, and when). */
const LOCK_TEXTS = { account: 'tooManyAttempts', network: 'tooManyAttemptsNetwork', device: 'tooManyAttemptsDevice' } as const satisfies Record<LockReason, TextKey>;

function sendHtml(reply: FastifyReply, html: string, status = 200): FastifyReply {
  return reply
    .code(status)
    .type('text/html; charset=utf-8')
    .header('cache-control', 'no-store')
    .header('x-frame-options', 'DENY')
    .header('content-security-policy', "default-src 'none'; style-src 'unsafe-inline'; img-src 'self'; frame-ancestors 'none'; base-uri 'none'")
    .header('referrer-policy', 'no-referrer')
    .send(html);
}

/**
 * The identity side's own pages under `/realms/{realm}/login-actions`: the sign-in form of the
 * authorization interaction (with automatic consent), forgot password, reset password, account
 * deletion confirmation and e-mail verification.
 */
export default async function accountPages(app: FastifyInstance, opts: AccountPagesOptions): Promise<void> {
  await app.register(formbody);
  const base = `${opts.realmPath}/login-actions`;
  const { services, adminUrl, embedded } = opts;
  const adminLink = (lang: Lang) => ({ href: adminUrl, text: t(lang, 'openAdmin') });
  const langOf = (request: FastifyRequest, details?: InteractionDetails): Lang =>
    pageLanguage({
      kcLocale: query(request, 'kc_locale') || (typeof details?.params.kc_locale === 'string' ? details.params.kc_locale : undefined),
      uiLocales: query(request, 'ui_locales') || (typeof details?.params.ui_locales === 'string' ? details.params.ui_locales : undefined),
      acceptLanguage: request.headers['accept-language'],
    });

  app.get(`${base}/forgot-password`, async (request, reply) => {
    const lang = langOf(request);
    return sendHtml(reply, forgotPage({ lang, action: `${base}/forgot-password?kc_locale=${lang}` }));
  });
  /** Queues the reset request (same answer for every address), or answers 429 to a client asking too often. */
  const forgot = async (request: FastifyRequest, reply: FastifyReply, lang: Lang, page: { action: string; backUrl: string }): Promise<FastifyReply> => {
    const email = field(request.body, 'email').trim();
    const { retryAfterSeconds } = email ? await requestPasswordReset(services, email, lang, request.ip) : {};
    if (retryAfterSeconds) {
      reply.header('retry-after', String(retryAfterSeconds));
      const error = t(lang, 'tooManyRequests', { minutes: String(Math.ceil(retryAfterSeconds / 60)) });
      return sendHtml(reply, forgotPage({ lang, ...page, email, error }), 429);
    }
    return sendHtml(reply, forgotPage({ lang, ...page, sent: true }));
  };

  app.post(`${base}/forgot-password`, async (request, reply) => {
    const lang = langOf(request);
    return forgot(request, reply, lang, { action: `${base}/forgot-password?kc_locale=${lang}`, backUrl: adminUrl });
  });

  app.get(`${base}/reset-password`, async (request, reply) => {
    const lang = langOf(request);
    const token = query(request, 'token');
    if (!(await resetTokenValid(services.db, token))) {
      return sendHtml(reply, messagePage({ lang, title: t(lang, 'forgotTitle'), kind: 'error', message: t(lang, 'linkInvalid') }), 400);
    }
    return sendHtml(reply, resetPasswordPage({ lang, action: `${base}/reset-password?kc_locale=${lang}`, token }));
  });
  app.post(`${base}/reset-password`, async (request, reply) => {
    const lang = langOf(request);
    const token = field(request.body, 'token');
    const password = field(request.body, 'password');
    const action = `${base}/reset-password?kc_locale=${lang}`;
    const problem = passwordProblem(password);
    if (problem) {
      const error = t(lang, problem === 'PasswordTooShort' ? 'passwordTooShort' : 'passwordTooCommon');
      return sendHtml(reply, resetPasswordPage({ lang, action, token, error }), 400);
    }
    if (password !== field(request.body, 'confirm')) {
      return sendHtml(reply, resetPasswordPage({ lang, action, token, error: t(lang, 'passwordsDiffer') }), 400);
    }
    if (!(await resetPassword(services.db, token, password))) {
      return sendHtml(reply, messagePage({ lang, title: t(lang, 'forgotTitle'), kind: 'error', message: t(lang, 'linkInvalid') }), 400);
    }
    return sendHtml(reply, messagePage({ lang, title: t(lang, 'forgotTitle'), message: t(lang, 'passwordSaved'), link: adminLink(lang) }));
  });

  app.get(`${base}/delete-account`, async (request, reply) => {
    const lang = langOf(request);
    const token = query(request, 'token');
    const email = await deletionTarget(services.db, token);
    if (!email) return sendHtml(reply, messagePage({ lang, title: t(lang, 'deleteTitle'), kind: 'error', message: t(lang, 'linkInvalid') }), 400);
    return sendHtml(reply, deleteAccountPage({ lang, action: `${base}/delete-account?kc_locale=${lang}`, token, email }));
  });
  app.post(`${base}/delete-account`, async (request, reply) => {
    const lang = langOf(request);
    if (!(await deleteAccount(services.db, field(request.body, 'token')))) {
      return sendHtml(reply, messagePage({ lang, title: t(lang, 'deleteTitle'), kind: 'error', message: t(lang, 'linkInvalid') }), 400);
    }
    return sendHtml(reply, messagePage({ lang, title: t(lang, 'deleteTitle'), message: t(lang, 'deleteDone') }));
  });

  app.get(`${base}/verify-email`, async (request, reply) => {
    const lang = langOf(request);
    if (!(await verifyEmail(services.db, query(request, 'token')))) {
      return sendHtml(reply, messagePage({ lang, title: t(lang, 'verifySubject'), kind: 'error', message: t(lang, 'linkInvalid') }), 400);
    }
    return sendHtml(reply, messagePage({ lang, title: t(lang, 'verifySubject'), message: t(lang, 'emailVerified'), link: adminLink(lang) }));
  });

  if (!embedded) return;
  const { provider } = embedded;

  /** The running sign-in interaction of this browser, or an 'expired' page already sent. */
  const interaction = async (request: FastifyRequest<{ Params: { uid: string } }>, reply: FastifyReply): Promise<InteractionDetails | undefined> => {
    try {
      const details = await provider.interactionDetails(request.raw, reply.raw);
      if (details.uid === request.params.uid) return details;
    } catch {
      // expired or missing interaction cookie: answered below
    }
    const lang = langOf(request);
    sendHtml(reply, messagePage({ lang, title: t(lang, 'signInTitle'), kind: 'error', message: t(lang, 'interactionExpired'), link: adminLink(lang) }), 400);
    return undefined;
  };

  const urls = (uid: string) => ({ login: `${base}/${uid}/login`, choose: `${base}/${uid}/choose`, forgot: `${base}/${uid}/forgot`, start: `${base}/${uid}` });
  /** The admin's sign-up page (server/areas/signup, src/custom/signup), in the page's language. */
  const signUpUrl = (lang: Lang) => `${adminUrl}signup?lang=${lang}`;

  /** Ends the sign-in interaction with the account (one company) the person signs in to. */
  const signIn = async (request: FastifyRequest, reply: FastifyReply, subject: string): Promise<FastifyReply> => {
    reply.hijack();
    await provider.interactionFinished(request.raw, reply.raw, { login: { accountId: subject, amr: ['pwd'] } }, { mergeWithLastSubmission: false });
    return reply;
  };
  /** The companies the password opened, kept with the interaction (only this browser's cookie reaches it). */
  const pendingChoice = (details: InteractionDetails): { subject: string; name: string }[] => {
    const choice = details.result?.chooseAccount;
    return Array.isArray(choice) ? choice.filter((c): c is { subject: string; name: string } => typeof c?.subject === 'string' && typeof c?.name === 'string') : [];
  };

  app.get<{ Params: { uid: string } }>(`${base}/:uid`, async (request, reply) => {
    const details = await interaction(request, reply);
    if (!details) return reply;
    if (details.prompt.name === 'login') {
      const lang = langOf(request, details);
      const u = urls(details.uid);
      const hint = typeof details.params.login_hint === 'string' ? details.params.login_hint : undefined;
      return sendHtml(reply, loginPage({ lang, action: u.login, forgotUrl: u.forgot, signUpUrl: signUpUrl(lang), email: hint }));
    }
    // First-party clients only: consent is given without asking.
    const { details: missing } = details.prompt;
    const accountId = details.session?.accountId;
    const clientId = details.params.client_id;
    if (!accountId || typeof clientId !== 'string') {
      reply.hijack();
      await provider.interactionFinished(request.raw, reply.raw, { error: 'access_denied', error_description: 'no signed-in account' });
      return reply;
    }
    const grant = (details.grantId ? await provider.Grant.find(details.grantId) : undefined) ?? new provider.Grant({ accountId, clientId });
    if (missing.missingOIDCScope) grant.addOIDCScope(missing.missingOIDCScope.join(' '));
    if (missing.missingOIDCClaims) grant.addOIDCClaims(missing.missingOIDCClaims);
    for (const [indicator, scopes] of Object.entries(missing.missingResourceScopes ?? {})) grant.addResourceScope(indicator, scopes.join(' '));
    const grantId = await grant.save();
    reply.hijack();
    await provider.interactionFinished(request.raw, reply.raw, { consent: { grantId } }, { mergeWithLastSubmission: true });
    return reply;
  });

  app.post<{ Params: { uid: string } }>(`${base}/:uid/login`, async (request, reply) => {
    const details = await interaction(request, reply);
    if (!details) return reply;
    const lang = langOf(request, details);
    const email = field(request.body, 'email').trim();
    // A device that has signed in to this address before carries its signed cookie (./devices).
    const device = email ? embedded?.devices.read(request.headers.cookie, email) : undefined;
    const result = email ? await authenticate(services.db, { email, client: request.ip, device }, field(request.body, 'password')) : ({ refused: 'invalid' } as const);
    if (!('user' in result)) {
      const u = urls(details.uid);
      const error =
        result.refused === 'locked'
          ? t(lang, LOCK_TEXTS[result.reason], { minutes: String(Math.max(1, Math.ceil(result.retryAfterSeconds / 60))) })
          : t(lang, 'invalidCredentials');
      if (result.refused === 'locked') reply.header('retry-after', String(result.retryAfterSeconds));
      return sendHtml(reply, loginPage({ lang, action: u.login, forgotUrl: u.forgot, signUpUrl: signUpUrl(lang), email, error }), result.refused === 'locked' ? 429 : 400);
    }
    // This device is now known to the address: later locks that strangers cause do not stop it.
    if (embedded) reply.raw.appendHeader('set-cookie', embedded.devices.issue(email, device));
    if (result.accounts.length === 1) return signIn(request, reply, result.user.subject);
    // The password opens accounts in several companies: the person chooses one.
    const companies = result.accounts.map((a) => ({ subject: a.subject, name: a.companyName }));
    details.result = { chooseAccount: companies };
    await details.persist();
    return sendHtml(reply, chooseCompanyPage({ lang, action: urls(details.uid).choose, companies }));
  });

  app.post<{ Params: { uid: string } }>(`${base}/:uid/choose`, async (request, reply) => {
    const details = await interaction(request, reply);
    if (!details) return reply;
    const chosen = pendingChoice(details).find((c) => c.subject === field(request.body, 'account'));
    if (chosen) return signIn(request, reply, chosen.subject);
    const lang = langOf(request, details);
    const u = urls(details.uid);
    return sendHtml(reply, loginPage({ lang, action: u.login, forgotUrl: u.forgot, error: t(lang, 'invalidCredentials') }), 400);
  });

  app.get<{ Params: { uid: string } }>(`${base}/:uid/forgot`, async (request, reply) => {
    const details = await interaction(request, reply);
    if (!details) return reply;
    const lang = langOf(request, details);
    const u = urls(details.uid);
    return sendHtml(reply, forgotPage({ lang, action: u.forgot, backUrl: u.start }));
  });
  app.post<{ Params: { uid: string } }>(`${base}/:uid/forgot`, async (request, reply) => {
    const details = await interaction(request, reply);
    if (!details) return reply;
    const lang = langOf(request, details);
    return forgot(request, reply, lang, { action: urls(details.uid).forgot, backUrl: urls(details.uid).start });
  });
}
