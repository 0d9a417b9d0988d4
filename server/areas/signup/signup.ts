import { createHash, randomBytes, randomUUID } from 'node:crypto';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Db } from '../../db/db';
import type { SetupProgress, SignUp, SignUpMailbox, SignUpMailRequest, SignUpResponse, SignUpVerify, SignUpVerifyResponse } from '../../../schema/signup';
import type { CompanyStatusId, CountryId } from '../../../schema/company';
import { isValidOrganisationNumber } from '../../../domain/identityNumbers';
import { ApiError, ValidationErrors } from '../../shared/errors';
import { messageFor, requestLanguage, type Lang } from '../../shared/messages';
import { COUNTRIES } from '../../shared/reference';
import { ref } from '../../shared/schemas';
import { assertPasswordAcceptable, hashPassword, rateLimit } from '../../identity/public';
import type { SignUpMessageKey } from './messages';
import { companyWithOrganisationNumber, emailHasAccount, hasBookableService, requestByMailboxTokenHash, requestByTokenHash, signUpMails } from './queries';

/** How long a verification link works. */
export const LINK_VALID_HOURS = 24;
/** Sign-ups one client may send per hour (counted when the input is valid). */
export const SIGNUPS_PER_CLIENT_PER_HOUR = 5;

/** Where a new company's clock and money are, by its country. */
const TIME_ZONES: Record<CountryId, string> = { SE: 'Europe/Stockholm', NO: 'Europe/Oslo', DK: 'Europe/Copenhagen', FI: 'Europe/Helsinki' };

const sha256 = (value: string): string => createHash('sha256').update(value).digest('hex');
/** The outbox key a sign-up request's mail is queued under (one mail per request). */
const mailKey = (tokenHash: string): string => `signup:${tokenHash.slice(0, 32)}`;

interface Mail {
  companyId: number | null;
  to: string;
  subject: SignUpMessageKey;
  body: SignUpMessageKey;
  params: Record<string, string | number>;
  kind: string;
}

/** Checks the sign-up form's fields; 400 naming every bad one (nothing is written). */
function checkInput(lang: Lang, body: SignUp): { name: string; organisationNumber: string; email: string } {
  const errors = new ValidationErrors();
  const name = body.CompanyName.trim();
  const organisationNumber = body.OrganisationNumber.trim();
  if (!name) errors.add('CompanyName', 'NotEmpty');
  if (!isValidOrganisationNumber(body.CountryId, organisationNumber)) errors.add('OrganisationNumber', 'OrganisationNumberInvalid', { country: body.CountryId });
  errors.throwIfAny();
  assertPasswordAcceptable(lang, 'Password', body.Password);
  return { name, organisationNumber, email: body.Email.trim() };
}

/**
 * A company signs up (POST /signup) and confirms its e-mail (POST /signup/verify). The sign-up
 * answers the same whether or not the address or the organisation number has an account: each
 * valid request writes one request row and queues one mail, a verification link for a new
 * company, else a notice to the account that exists. The link creates the company (status
 * registered, the free plan's license row by the companies trigger, no trial), its first
 * administrator (e-mail verified) and its default booking settings, in one transaction.
 *
 * Without a mail server (SMTP_URL not set, so the mailer is the sandbox) the person who signed up
 * can still read what was sent: the server logs the verification link at info level, and the
 * answer carries a MailboxToken that opens that one request's mail to the address it gave
 * (POST /signup/mail), never anyone else's. With SMTP_URL neither exists.
 *
 * GET /signup/progress tells the signed-in company how far it is with its first steps (a bookable
 * service, its status), which decides where the admin offers "Get started".
 */
export default async function signUpRoutes(app: FastifyInstance): Promise<void> {
  const { db, config } = app;
  const adminUrl = `${config.publicUrl}/`;
  /** Mail stays in the sandbox (mail_outbox) instead of leaving: no SMTP_URL. */
  const sandboxMail = app.mailer.transport === 'sandbox';

  const queue = (tx: Db, key: string, mail: Mail, lang: Lang) =>
    app.outbox.add(tx, {
      companyId: mail.companyId,
      kind: 'mail',
      key,
      payload: {
        companyId: mail.companyId,
        to: mail.to,
        subject: messageFor(lang, mail.subject, mail.params),
        text: messageFor(lang, mail.body, mail.params),
        kind: mail.kind,
      },
    });

  app.post<{ Body: SignUp }>(
    '/signup',
    { config: { public: true }, schema: { body: ref('SignUp'), response: { 200: ref('SignUpResponse') } } },
    async (request: FastifyRequest<{ Body: SignUp }>, reply): Promise<SignUpResponse> => {
      const lang = requestLanguage(request);
      const { name, organisationNumber, email } = checkInput(lang, request.body);
      const limit = await rateLimit(db, `signup:${request.ip}`, SIGNUPS_PER_CLIENT_PER_HOUR, 3600);
      if (!limit.allowed) {
        reply.header('retry-after', String(limit.retryAfterSeconds));
        throw ApiError.field(429, 'Email', 'TooManySignUps', { minutes: Math.ceil(limit.retryAfterSeconds / 60) });
      }
      const passwordHash = await hashPassword(request.body.Password);
      const token = randomBytes(32).toString('base64url');
      const tokenHash = sha256(token);
      const countryId = request.body.CountryId;
      const mailboxToken = sandboxMail ? randomBytes(32).toString('base64url') : undefined;
      const outcome = await db.tx(async (tx): Promise<{ link?: string }> => {
        await tx.query(`delete from signup_requests where expires_at < now() - interval '1 day'`);
        await tx.query(
          `insert into signup_requests (token_hash, company_name, organisation_number, country_id, email, password_hash, lang, expires_at, mailbox_token_hash)
           values ($1, $2, $3, $4, $5, $6, $7, now() + make_interval(hours => $8), $9)`,
          [tokenHash, name, organisationNumber, countryId, email, passwordHash, lang, LINK_VALID_HOURS, mailboxToken ? sha256(mailboxToken) : null],
        );
        const key = mailKey(tokenHash);
        if (await emailHasAccount(tx, email)) {
          const signIn = adminUrl;
          const forgot = `${config.publicUrl}/realms/${config.realm}/login-actions/forgot-password?kc_locale=${lang}`;
          const params = { company: name, email, signIn, forgot };
          await queue(tx, key, { companyId: null, to: email, subject: 'SignUpExistingSubject', body: 'SignUpExistingBody', params, kind: 'signup_existing' }, lang);
          return {};
        }
        const existing = await companyWithOrganisationNumber(tx, countryId, organisationNumber);
        if (existing) {
          const params = { company: name, organisationNumber, email };
          const mail: Mail = { companyId: existing.id, to: existing.email, subject: 'SignUpCompanyExistsSubject', body: 'SignUpCompanyExistsBody', params, kind: 'signup_company_exists' };
          await queue(tx, key, mail, lang);
          return {};
        }
        const link = `${config.publicUrl}/signup/verify?${new URLSearchParams({ token, lang })}`;
        const params = { company: name, email, link, hours: LINK_VALID_HOURS };
        await queue(tx, key, { companyId: null, to: email, subject: 'SignUpVerifySubject', body: 'SignUpVerifyBody', params, kind: 'signup_verify' }, lang);
        return { link };
      });
      // Without a mail server the one who runs the server can hand the link on (README, Sign-up).
      if (sandboxMail && outcome.link) {
        request.log.info({ signUpEmail: email }, `Sign-up of ${name}: no SMTP_URL, so the mail to ${email} stays in the sandbox. Verification link: ${outcome.link}`);
      }
      return { Email: email, LinkValidHours: LINK_VALID_HOURS, ...(mailboxToken ? { MailboxToken: mailboxToken } : {}) };
    },
  );

  app.post<{ Body: SignUpMailRequest }>(
    '/signup/mail',
    { config: { public: true }, schema: { body: ref('SignUpMailRequest'), response: { 200: ref('SignUpMailbox') } } },
    async (request): Promise<SignUpMailbox> => {
      // Only the sandbox keeps mail here; with SMTP_URL the mail went to the address, and this is no place to read it.
      if (!sandboxMail) throw ApiError.notFound('SignUpMail');
      const row = await requestByMailboxTokenHash(db, sha256(request.body.Token.trim()));
      if (!row) throw ApiError.notFound('SignUpMail');
      const mails = await signUpMails(db, mailKey(row.token_hash), row.email, TIME_ZONES[row.country_id as CountryId] ?? 'Europe/Stockholm');
      return {
        Email: row.email,
        Mails: mails.filter((m) => m.state === 'sent').map((m) => ({ To: m.to, Subject: m.subject, Text: m.text, Sent: m.sent ?? '' })),
        Waiting: mails.some((m) => m.state === 'queued'),
      };
    },
  );

  app.get(
    '/signup/progress',
    // Where "Get started" is offered: the administrators' setup screen (/setup-account, the company area).
    { config: { permission: { area: 'company', action: 'read' } }, schema: { response: { 200: ref('SetupProgress') } } },
    async (request): Promise<SetupProgress> => {
      const companyId = request.ctx.companyId;
      const company = await db.one<{ status_id: CompanyStatusId }>('select status_id from companies where id = $1', [companyId]);
      return { HasBookableService: await hasBookableService(db, companyId), StatusId: company?.status_id ?? 1 };
    },
  );

  app.post<{ Body: SignUpVerify }>(
    '/signup/verify',
    { config: { public: true }, schema: { body: ref('SignUpVerify'), response: { 200: ref('SignUpVerifyResponse') } } },
    async (request): Promise<SignUpVerifyResponse> => {
      const invalid = () => ApiError.field(400, 'Token', 'SignUpLinkInvalid');
      const created = await db.tx(async (tx) => {
        // One verification at a time: two links for one address or number cannot both create a company.
        await tx.query('select pg_advisory_xact_lock(hashtext($1))', ['signup.verify']);
        const row = await requestByTokenHash(tx, sha256(request.body.Token.trim()));
        if (!row?.usable) return undefined;
        await tx.query('update signup_requests set used_at = now() where id = $1', [row.id]);
        const countryId = row.country_id as CountryId;
        if ((await emailHasAccount(tx, row.email)) || (await companyWithOrganisationNumber(tx, countryId, row.organisation_number))) return undefined;
        const currency = COUNTRIES.find((c) => c.id === countryId)?.currencyId ?? 'SEK';
        const company = await tx.one<{ id: number }>(
          `insert into companies (name, email, country_id, organisation_number, time_zone, currency_id, status_id, license_type_id)
           values ($1, $2, $3, $4, $5, $6, 1, 1) returning id`,
          [row.company_name, row.email, countryId, row.organisation_number, TIME_ZONES[countryId] ?? 'Europe/Stockholm', currency],
        );
        const companyId = company!.id;
        const user = await tx.one<{ id: number }>(
          `insert into users (company_id, subject, email, password_hash, email_verified, active)
           values ($1, $2, $3, $4, true, true) returning id`,
          [companyId, randomUUID(), row.email, row.password_hash],
        );
        await tx.query('insert into user_roles (company_id, user_id, role_id) values ($1, $2, 1)', [companyId, user!.id]);
        await tx.query('insert into booking_settings (company_id) values ($1) on conflict do nothing', [companyId]);
        await tx.query('update signup_requests set company_id = $1, password_hash = $2 where id = $3', [companyId, '', row.id]);
        return { Email: row.email, CompanyName: row.company_name };
      });
      if (!created) throw invalid();
      return created;
    },
  );
}
