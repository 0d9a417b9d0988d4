import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Acknowledged, ChangePassword, DeleteUser, DeleteUserResponse, ForgotPassword, UserIdParams, UsersLogout, VerifyUserResponse } from '../../schema/users';
import type { Agreement, AgreementAccept, AuthUser } from '../../schema/company';
import type { ServerConfig } from '../config';
import { ApiError, checkFieldsEarly, type RefuseField } from '../shared/errors';
import { messageFor, requestLanguage, LANGUAGES, type Lang } from '../shared/messages';
import { ref } from '../shared/schemas';
import { findUserBySubject, type IdentityUser } from './accounts';
import { passwordChanged, requestAccountDeletion, requestEmailVerification, requestPasswordReset, type AccountServices } from './accountActions';
import { lockedFor, recordFailure } from './bruteForce';
import { assertPasswordAcceptable, type identityMessages } from './messages';
import { hashPassword, verifyPassword } from './passwords';
import type { EmbeddedProvider } from './provider';
import { revokeSessionTokens } from './revocations';
import { endSessionByRefreshToken } from './sessions';

export interface UsersRoutesOptions {
  config: ServerConfig;
  services: AccountServices;
  /** Absent when a real Keycloak is the identity provider. */
  embedded?: EmbeddedProvider;
}

type IdentityMessageKey = keyof typeof identityMessages;

/** A 4xx naming one field, with a message from the identity catalogue in the caller's language. */
function fieldError(request: FastifyRequest, status: number, fieldName: string, key: IdentityMessageKey, params: Record<string, string | number> = {}): ApiError {
  const message = messageFor(requestLanguage(request), key, { field: fieldName, ...params });
  return new ApiError(status, key, message, [{ ErrorCode: key, FieldName: fieldName, Message: message }]);
}

/** The query and the body of a request as sent, where they are objects. */
function inputParts(request: FastifyRequest): Record<string, unknown>[] {
  return [request.query, request.body].filter((part): part is Record<string, unknown> => typeof part === 'object' && part !== null && !Array.isArray(part));
}

/** 429 with Retry-After, naming the field, in the caller's language. */
function tooMany(request: FastifyRequest, reply: FastifyReply, fieldName: string, key: 'TooManyAttempts' | 'TooManyRequests', seconds: number): ApiError {
  reply.header('retry-after', String(seconds));
  return fieldError(request, 429, fieldName, key, { minutes: Math.ceil(seconds / 60) });
}

interface CompanyRow {
  id: number;
  name: string;
  license_type_id: number;
  time_zone: string;
}

interface AgreementRow {
  id: number;
  content_sv: string;
  content_en: string;
  content_fi: string;
  content_no: string;
}

/** The /api/users calls of the spec: profile, logout, passwords, account deletion, verification, agreement. */
export default async function usersRoutes(app: FastifyInstance, { config, services, embedded }: UsersRoutesOptions): Promise<void> {
  const { db } = services;

  const caller = async (request: FastifyRequest): Promise<IdentityUser> => {
    const user = await findUserBySubject(db, request.ctx.subject);
    if (!user || user.companyId !== request.ctx.companyId) throw ApiError.unauthorized();
    return user;
  };

  /** A Realm other than the server's, in the query or the body, refused with whatever the schema refuses. */
  const refuseOtherRealm = (request: FastifyRequest, refuse: RefuseField): void => {
    for (const part of inputParts(request)) {
      if (typeof part.Realm === 'string' && part.Realm && part.Realm !== config.realm) refuse('Realm', 'UnknownRealm', { realm: config.realm });
    }
  };
  const realmCheck = checkFieldsEarly(refuseOtherRealm);

  const latestAgreement = (companyId: number) =>
    db.one<AgreementRow>(
      `select id, content_sv, content_en, content_fi, content_no from agreements
        where company_id is null or company_id = $1 order by id desc limit 1`,
      [companyId],
    );

  const agreementFor = async (request: FastifyRequest, user: IdentityUser): Promise<Agreement> => {
    const latest = await latestAgreement(user.companyId);
    const accepted = await db.one<{ agreement_id: number | null }>('select agreement_id from users where id = $1 and company_id = $2', [
      user.id,
      user.companyId,
    ]);
    if (!latest) return { AgreementId: 0, AgreedToLatest: true, Content: '', Documents: [] };
    const lang: Lang = request.ctx.lang;
    return {
      AgreementId: latest.id,
      AgreedToLatest: accepted?.agreement_id === latest.id,
      // Sanitised where it is shown (the admin runs DOMPurify on it).
      Content: latest[`content_${lang}`],
      Documents: LANGUAGES.map((language) => ({ Language: language, Url: `${config.publicUrl}/api/users/agreement/${latest.id}/${language}` })),
    };
  };

  app.get('/users', { schema: { response: { 200: ref('AuthUser') } } }, async (request): Promise<AuthUser> => {
    const user = await caller(request);
    const company = await db.one<CompanyRow>('select id, name, license_type_id, time_zone from companies where id = $1', [user.companyId]);
    const memberships = await db.query<{ company_id: number; id: number; email: string }>(
      'select company_id, id, email from users where lower(email) = lower($1) and active order by company_id',
      [user.email],
    );
    return {
      Id: user.id,
      UserId: user.subject,
      Email: user.email,
      EmailVerified: user.emailVerified,
      Firstname: user.firstname,
      Lastname: user.lastname,
      CompanyId: user.companyId,
      CompanyUsers: memberships.map((m) => ({ CompanyId: m.company_id, Id: m.id, Email: m.email })),
      Company: company
        ? { Id: company.id, Name: company.name, LicenseTypeId: company.license_type_id, IsFreeAccount: company.license_type_id === 1, TimeZone: company.time_zone }
        : null,
    };
  });

  app.post<{ Body: UsersLogout }>(
    '/users/logout',
    { preValidation: realmCheck, schema: { body: ref('UsersLogout'), response: { 200: ref('Acknowledged') } } },
    async (request): Promise<Acknowledged> => {
      const { RefreshToken: refreshToken, ClientId: clientId } = request.body ?? {};
      // The access token that called ends with the session, in every process (./revocations).
      if (request.ctx.sessionId) await revokeSessionTokens(db, request.ctx.sessionId);
      if (!refreshToken) return { Success: true };
      if (embedded) {
        await endSessionByRefreshToken(embedded, refreshToken, { accountId: request.ctx.subject, clientId: clientId || undefined });
      } else if (config.keycloakUrl) {
        // Keycloak ends the session of a refresh token posted to its logout endpoint.
        await fetch(`${config.keycloakUrl.replace(/\/$/, '')}/realms/${config.realm}/protocol/openid-connect/logout`, {
          method: 'POST',
          headers: { 'content-type': 'application/x-www-form-urlencoded' },
          body: new URLSearchParams({ client_id: clientId || config.adminClientId, refresh_token: refreshToken }),
        }).catch((err: unknown) => request.log.warn({ err }, 'keycloak logout failed'));
      }
      return { Success: true };
    },
  );

  app.post<{ Body: ForgotPassword }>(
    '/users/forgotpassword',
    { config: { public: true }, preValidation: realmCheck, schema: { body: ref('ForgotPassword'), response: { 200: ref('Acknowledged') } } },
    async (request, reply): Promise<Acknowledged> => {
      // Queued, whatever the address: the answer is the same, as fast, for every address.
      const { retryAfterSeconds } = await requestPasswordReset(services, request.body.Email, requestLanguage(request), request.ip);
      if (retryAfterSeconds) throw tooMany(request, reply, 'Email', 'TooManyRequests', retryAfterSeconds);
      return { Success: true };
    },
  );

  app.put<{ Body: ChangePassword }>(
    '/users/password',
    { schema: { body: ref('ChangePassword'), response: { 200: ref('Acknowledged') } } },
    async (request, reply): Promise<Acknowledged> => {
      if (!embedded) throw fieldError(request, 400, 'NewPassword', 'PasswordManagedByKeycloak');
      const user = await caller(request);
      // Wrong current passwords count as failed sign-ins of this address from this client.
      const attempt = { email: user.email, client: request.ip };
      const locked = await lockedFor(db, attempt);
      if (locked) throw tooMany(request, reply, 'CurrentPassword', 'TooManyAttempts', locked);
      const row = await db.one<{ password_hash: string | null }>('select password_hash from users where id = $1 and company_id = $2', [
        user.id,
        user.companyId,
      ]);
      if (!(await verifyPassword(request.body.CurrentPassword, row?.password_hash))) {
        const lockedNow = await recordFailure(db, attempt);
        if (lockedNow) throw tooMany(request, reply, 'CurrentPassword', 'TooManyAttempts', lockedNow);
        throw fieldError(request, 400, 'CurrentPassword', 'CurrentPasswordWrong');
      }
      if (request.body.NewPassword === request.body.CurrentPassword) throw fieldError(request, 400, 'NewPassword', 'NewPasswordSameAsCurrent');
      assertPasswordAcceptable(requestLanguage(request), 'NewPassword', request.body.NewPassword);
      const hash = await hashPassword(request.body.NewPassword);
      await db.tx(async (tx) => {
        await tx.query('update users set password_hash = $1, updated = now() where id = $2 and company_id = $3', [hash, user.id, user.companyId]);
        // Every other session of the account ends; the one that changed the password continues.
        await passwordChanged(tx, user, request.ctx.sessionId ?? undefined);
      });
      return { Success: true };
    },
  );

  const deleteUser = async (request: FastifyRequest, input: DeleteUser): Promise<DeleteUserResponse> => {
    const user = await caller(request);
    // Realm and a present UserName were checked before the schema (deleteUserChecks).
    if (input.UserName?.trim().toLowerCase() !== user.email.toLowerCase()) throw fieldError(request, 403, 'UserName', 'OwnAccountOnly');
    if (!input.ForceDelete) {
      const others = await db.one<{ n: number }>(
        `select count(*)::int as n from users u join user_roles ur on ur.user_id = u.id and ur.role_id = 1
          where u.company_id = $1 and u.active and u.id <> $2`,
        [user.companyId, user.id],
      );
      if (!others?.n) throw fieldError(request, 409, 'ForceDelete', 'LastAdministrator');
    }
    await requestAccountDeletion(services, user, requestLanguage(request));
    return { Email: user.email, ConfirmationSent: true };
  };
  // The fields come in the query or in a JSON body (JsonServiceClient sends them either way): both are validated, and one of them names the account.
  const deleteUserChecks = checkFieldsEarly((request, refuse) => {
    refuseOtherRealm(request, refuse);
    const names = inputParts(request).map((part) => part.UserName);
    if (!names.some((name) => name !== undefined && name !== null && (typeof name !== 'string' || name.trim() !== ''))) refuse('UserName', 'NotEmpty');
  });
  app.delete<{ Body: DeleteUser | null | undefined; Querystring: DeleteUser }>(
    '/users',
    {
      preValidation: deleteUserChecks,
      schema: { querystring: ref('DeleteUser'), body: { anyOf: [{ type: 'null' }, ref('DeleteUser')] }, response: { 200: ref('DeleteUserResponse') } },
    },
    async (request) => deleteUser(request, { ...request.query, ...(request.body ?? {}) }),
  );

  app.post<{ Params: UserIdParams }>(
    '/users/:id/verify',
    { schema: { params: ref('UserIdParams'), response: { 200: ref('VerifyUserResponse') } } },
    async (request): Promise<VerifyUserResponse> => {
      const row = await db.one<{ subject: string }>('select subject from users where id = $1 and company_id = $2', [
        request.params.id,
        request.ctx.companyId,
      ]);
      if (!row) throw ApiError.notFound('User', request.params.id);
      const user = (await findUserBySubject(db, row.subject))!;
      if (!user.emailVerified) await requestEmailVerification(services, user, requestLanguage(request));
      return { Id: user.id, Email: user.email, EmailVerified: user.emailVerified, VerificationSent: !user.emailVerified };
    },
  );

  app.get('/users/agreement', { schema: { response: { 200: ref('Agreement') } } }, async (request) => agreementFor(request, await caller(request)));

  app.post<{ Body: AgreementAccept }>(
    '/users/agreement',
    { schema: { body: ref('AgreementAccept'), response: { 200: ref('Agreement') } } },
    async (request): Promise<Agreement> => {
      const user = await caller(request);
      const { UserId: userId, AgreementId: agreementId } = request.body;
      if (userId !== user.subject && userId !== String(user.id)) throw fieldError(request, 403, 'UserId', 'AgreementOtherUser');
      const agreement = await db.one<{ id: number }>('select id from agreements where id = $1 and (company_id is null or company_id = $2)', [
        agreementId,
        user.companyId,
      ]);
      if (!agreement) throw fieldError(request, 400, 'AgreementId', 'AgreementNotFound', { id: agreementId });
      await db.query('update users set agreement_id = $1, updated = now() where id = $2 and company_id = $3', [agreement.id, user.id, user.companyId]);
      return agreementFor(request, user);
    },
  );

  app.get<{ Params: { id: string; lang: string } }>(
    '/users/agreement/:id/:lang',
    { config: { public: true }, schema: { params: { type: 'object', properties: { id: { type: 'integer', minimum: 1, maximum: 2147483647 }, lang: { type: 'string' } } } } },
    async (request, reply) => {
      const lang = (LANGUAGES as readonly string[]).includes(request.params.lang) ? (request.params.lang as Lang) : 'sv';
      const id = Number(request.params.id);
      const row = Number.isInteger(id) && id > 0 ? await db.one<AgreementRow>('select * from agreements where id = $1 and company_id is null', [id]) : undefined;
      if (!row) throw ApiError.notFound('Agreement', request.params.id);
      return reply
        .type('text/html; charset=utf-8')
        // No script can run in this document, whatever the stored HTML holds.
        .header('content-security-policy', "default-src 'none'; style-src 'unsafe-inline'; sandbox")
        .send(`<!doctype html><html lang="${lang}"><meta charset="utf-8"><title>${row.id}</title><body>${row[`content_${lang}`]}</body></html>`);
    },
  );
}
