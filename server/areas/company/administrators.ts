import { checkPlanLimit } from '../../shared/planLimits';
import type { FastifyInstance } from 'fastify';
import { randomUUID } from 'node:crypto';
import type { Db } from '../../db/db';
import { ApiError, checkFieldsEarly, ValidationErrors } from '../../shared/errors';
import { page, ref } from '../../shared/schemas';
import { containsPattern, idParams, orderClause, unknownSortNames } from '../../autoquery/index';
import {
  accountLinks,
  assertPasswordAcceptable,
  endAllSessions,
  findUserById,
  findUserBySubject,
  hashPassword,
  passwordChanged,
  requestEmailVerification,
  sendInvitation,
  type AccountServices,
} from '../../identity/public';
import { invalidRole } from '../../shared/permissions';
import { raisesRole } from '../../../schema/access/permissions';
import type { Administrator, AdministratorInput, AdministratorQuery } from '../../../schema/company';
import { localTime, pgCode } from '../../shared/fieldErrors';
import { envelope } from '../../shared/reference';

/** Role 1 is the full administrator; a company always keeps at least one active. */
const ADMIN_ROLE = 1;

/** A row as SELECT reads it: the record, but Roles null when the administrator has none. */
type AdminRow = Omit<Administrator, 'Roles'> & { Roles: Administrator['Roles'] | null };

const SORTS: Record<string, string> = {
  id: 'u.id',
  firstname: 'u.firstname',
  lastname: 'u.lastname',
  email: 'lower(u.email)',
  created: 'u.created',
  updated: 'u.updated',
  active: 'u.active',
};
const SORTABLE = new Set(Object.keys(SORTS));

function toAdministrator(row: AdminRow): Administrator {
  return { ...row, Roles: row.Roles ?? [] };
}

const SELECT = (tz: string): string => `
  select u.id as "Id", u.firstname as "Firstname", u.lastname as "Lastname", u.email as "Email", u.phone as "Phone", u.active as "Active",
         (select json_agg(json_build_object('Id', r.id, 'Name', r.name, 'Description', r.description) order by r.id)
            from user_roles ur join roles r on r.id = ur.role_id where ur.user_id = u.id) as "Roles",
         ${localTime('u.created', tz)} as "Created", ${localTime('u.updated', tz)} as "Updated"
    from users u`;

async function loadAdministrator(db: Db, companyId: number, id: number, tz: string): Promise<Administrator | undefined> {
  const row = await db.one<AdminRow>(`${SELECT('$3')} where u.company_id = $1 and u.id = $2`, [companyId, id, tz]);
  return row && toAdministrator(row);
}

/** Active full administrators of the company other than the given user. */
async function otherActiveAdmins(db: Db, companyId: number, exceptUserId: number): Promise<number> {
  const row = await db.one<{ n: number }>(
    `select count(*)::int as n from users u join user_roles ur on ur.user_id = u.id and ur.role_id = $3
      where u.company_id = $1 and u.id <> $2 and u.active`,
    [companyId, exceptUserId, ADMIN_ROLE],
  );
  return row?.n ?? 0;
}

async function checkInput(db: Db, body: AdministratorInput, currentRoles: number[] = [ADMIN_ROLE]): Promise<number[]> {
  const errors = new ValidationErrors();
  if (body.Firstname.trim() === '') errors.add('Firstname', 'NotEmpty');
  if (body.Lastname.trim() === '') errors.add('Lastname', 'NotEmpty');
  const roles = [...new Set(body.Roles ?? currentRoles)];
  if (roles.length) {
    const known = await db.query<{ id: number }>('select id from roles where id = any($1::int[])', [roles]);
    if (known.length !== roles.length) errors.add('Roles', 'InvalidValue');
  } else if (body.Roles !== undefined) errors.add('Roles', 'NotEmpty');
  errors.throwIfAny();
  return roles;
}

/**
 * Administrators of the caller's company (the identity provider's accounts): list, create with a
 * new subject and scrypt hash, update, delete (never yourself, never the last administrator), roles.
 * An account belongs to one company; the same address may have accounts in other companies, which
 * these routes neither see nor reveal (migration 080).
 */
export default async function administratorRoutes(app: FastifyInstance): Promise<void> {
  const { db } = app;
  const accountServices = (): AccountServices => ({ db, jobs: app.jobs, outbox: app.outbox, links: accountLinks(`${app.config.publicUrl}/realms/${app.config.realm}`) });

  app.get('/administrators/roles', { schema: { response: { 200: page('AdministratorRole') } } }, async () => {
    const rows = await db.query<{ id: number; name: string; description: string }>('select id, name, description from roles order by id');
    return envelope(rows.map((r) => ({ Id: r.id, Name: r.name, Description: r.description })));
  });

  // An OrderBy naming no sortable field is refused with whatever the schema refuses.
  const sortCheck = checkFieldsEarly((request, refuse) => {
    const query = request.query as { OrderBy?: unknown; OrderByDesc?: unknown } | undefined;
    for (const name of ['OrderBy', 'OrderByDesc'] as const) {
      if (typeof query?.[name] === 'string' && unknownSortNames(query[name], SORTABLE).length) refuse(name, 'InvalidValue');
    }
  });
  app.get<{ Querystring: AdministratorQuery }>('/administrators', { preValidation: sortCheck, schema: { querystring: ref('AdministratorQuery'), response: { 200: page('Administrator') } } }, async (request) => {
    const { companyId, timeZone } = request.ctx;
    const q = request.query;
    const skip = q.Skip ?? 0;
    const take = q.Take ?? 100;
    const search = q.Search?.trim() ? containsPattern(q.Search.trim()) : null;
    const where = `u.company_id = $1 and ($2::int is null or u.id = $2)
      and ($3::text is null or lower(u.firstname || ' ' || u.lastname || ' ' || u.email) like $3)`;
    const params = [companyId, q.Id ?? null, search];
    const [rows, total] = await Promise.all([
      db.query<AdminRow>(`${SELECT('$4')} where ${where} order by ${orderClause(q, SORTS, 'u.id')} offset $5 limit $6`, [...params, timeZone, skip, take]),
      db.one<{ n: number }>(`select count(*)::int as n from users u where ${where}`, params),
    ]);
    return { Offset: skip, Total: total?.n ?? 0, Results: rows.map(toAdministrator) };
  });

  app.post<{ Body: AdministratorInput }>('/administrators', { schema: { body: ref('AdministratorInput'), response: { 200: ref('Administrator') } } }, async (request) => {
    const { companyId, lang, timeZone } = request.ctx;
    const body = request.body;
    const roles = await checkInput(db, body);
    if (body.Password) assertPasswordAcceptable(lang, 'Password', body.Password);
    const hash = body.Password ? await hashPassword(body.Password) : null;
    try {
      const id = await db.tx(async (tx) => {
        await checkPlanLimit(tx, request.ctx, 'administrators');
        // Only this company's administrators are looked at: whether the address has an account in
        // another company changes nothing here (the answer, the mail and the work are the same).
        const taken = await tx.one('select 1 from users where company_id = $1 and lower(email) = lower($2)', [companyId, body.Email.trim()]);
        if (taken) throw ApiError.field(409, 'Email', 'Unique', { value: body.Email.trim() });
        const row = await tx.one<{ id: number }>(
          `insert into users (company_id, subject, email, firstname, lastname, phone, password_hash, active)
           values ($1, $2, $3, $4, $5, $6, $7, $8) returning id`,
          [companyId, randomUUID(), body.Email.trim(), body.Firstname.trim(), body.Lastname.trim(), body.Phone ?? null, hash, body.Active ?? true],
        );
        for (const roleId of roles) {
          await tx.query('insert into user_roles (company_id, user_id, role_id) values ($1, $2, $3)', [companyId, row!.id, roleId]);
        }
        return row!.id;
      });
      // Without an initial password the new administrator is invited to choose one for this company.
      if (!hash) {
        const invited = await findUserById(db, companyId, id);
        if (invited) await sendInvitation(accountServices(), invited, lang);
      }
      return (await loadAdministrator(db, companyId, id, timeZone))!;
    } catch (err) {
      if (pgCode(err) === '23505') throw ApiError.field(409, 'Email', 'Unique', { value: body.Email.trim() });
      throw err;
    }
  });

  app.put<{ Params: { Id: number }; Body: AdministratorInput }>(
    '/administrators/:Id',
    { schema: { params: idParams, body: ref('AdministratorInput'), response: { 200: ref('Administrator') } } },
    async (request) => {
      const { companyId, lang, timeZone } = request.ctx;
      const id = request.params.Id;
      const body = request.body;
      if (body.Password) assertPasswordAcceptable(lang, 'Password', body.Password);
      const hash = body.Password ? await hashPassword(body.Password) : null;
      let emailChanged: string | undefined;
      try {
        await db.tx(async (tx) => {
          await tx.query('select id from companies where id = $1 for update', [companyId]);
          const existing = await loadAdministrator(tx, companyId, id, timeZone);
          if (!existing) throw ApiError.notFound('Administrator', id);
          const roles = await checkInput(tx, body, existing.Roles.map((r) => r.Id));
          // Nobody raises their own role (an Administrator already may use everything).
          if (id === request.ctx.userId && raisesRole(request.ctx.roles, roles)) throw invalidRole();
          const taken = await tx.one('select 1 from users where company_id = $1 and lower(email) = lower($2) and id <> $3', [companyId, body.Email.trim(), id]);
          if (taken) throw ApiError.field(409, 'Email', 'Unique', { value: body.Email.trim() });
          const staysAdmin = (body.Active ?? existing.Active) && roles.includes(ADMIN_ROLE);
          if (!staysAdmin && (await otherActiveAdmins(tx, companyId, id)) === 0) throw ApiError.field(409, 'Roles', 'LastAdministrator');
          const newEmail = body.Email.trim();
          const changedEmail = newEmail.toLowerCase() !== existing.Email.toLowerCase();
          const user = await tx.one<{ subject: string }>(
            `update users set email = $3, firstname = $4, lastname = $5, phone = $6, active = coalesce($7, active),
                    password_hash = coalesce($8, password_hash), email_verified = email_verified and not $9, updated = now()
              where company_id = $1 and id = $2 returning subject`,
            [companyId, id, newEmail, body.Firstname.trim(), body.Lastname.trim(), body.Phone ?? null, body.Active ?? null, hash, changedEmail],
          );
          const oldRoles = existing.Roles.map((r) => r.Id).sort().join();
          const rolesChanged = body.Roles !== undefined && [...roles].sort().join() !== oldRoles;
          if (body.Roles !== undefined) {
            await tx.query('delete from user_roles where user_id = $1 and company_id = $2', [id, companyId]);
            for (const roleId of roles) {
              await tx.query('insert into user_roles (company_id, user_id, role_id) values ($1, $2, $3)', [companyId, id, roleId]);
            }
          }
          // A new password, a new e-mail, deactivation or other roles end the administrator's other
          // sessions at once (the caller's own session continues when they edit themselves).
          const ownSession = id === request.ctx.userId ? (request.ctx.sessionId ?? undefined) : undefined;
          const deactivated = existing.Active && body.Active === false;
          if (hash) await passwordChanged(tx, { id, companyId, subject: user!.subject }, ownSession);
          else if (changedEmail || deactivated || rolesChanged) await endAllSessions(tx, user!.subject, ownSession);
          if (changedEmail) emailChanged = user!.subject;
        });
      } catch (err) {
        if (pgCode(err) === '23505') throw ApiError.field(409, 'Email', 'Unique', { value: body.Email.trim() });
        throw err;
      }
      // The new address is unverified until its owner opens the link mailed to it.
      const renamed = emailChanged ? await findUserBySubject(db, emailChanged) : undefined;
      if (renamed) await requestEmailVerification(accountServices(), renamed, lang);
      return (await loadAdministrator(db, companyId, id, timeZone))!;
    },
  );

  app.delete<{ Params: { Id: number } }>(
    '/administrators/:Id',
    { schema: { params: idParams, response: { 200: ref('Administrator') } } },
    async (request) => {
      const { companyId, timeZone, userId } = request.ctx;
      const id = request.params.Id;
      return db.tx(async (tx) => {
        await tx.query('select id from companies where id = $1 for update', [companyId]);
        const admin = await loadAdministrator(tx, companyId, id, timeZone);
        if (!admin) throw ApiError.notFound('Administrator', id);
        if (id === userId) throw ApiError.field(400, 'Id', 'CannotDeleteYourself');
        const isAdmin = admin.Active && admin.Roles.some((r) => r.Id === ADMIN_ROLE);
        if (isAdmin && (await otherActiveAdmins(tx, companyId, id)) === 0) throw ApiError.field(409, 'Id', 'LastAdministrator');
        const gone = await tx.one<{ subject: string }>('delete from users where company_id = $1 and id = $2 returning subject', [companyId, id]);
        if (gone) await endAllSessions(tx, gone.subject);
        return admin;
      });
    },
  );
}
