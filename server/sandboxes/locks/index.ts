/**
 * The embedded lock systems (issue 34): ten simulated door-lock APIs under /locks-sandbox/{system},
 * one plugin speaking each system's dialect (dialects.ts). Each records what a real lock would have
 * received (grants with their door, code or phone key, holder and window, in the database) and
 * answers as it would: 401 for a missing or refused credential (any starting with "invalid"), 400
 * for a grant it cannot read, 404 for a grant it does not hold. POST /locks-sandbox/{system}/doors/{door}/open
 * with a code is someone at the door: it opens only for a grant on that door that is not revoked,
 * inside its window. GET /locks-sandbox is the page listing the grants they hold.
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import formbody from '@fastify/formbody';
import { escapeHtml } from '../../shared/html';
import { LOCKS_SANDBOX_PATH } from '../../areas/codelock/systems';
import { DIALECTS, accountOf, issueToken, rowId, type Dialect, type GrantRow } from './dialects';

interface HeldRow extends GrantRow {
  system: string;
  revoked: Date | string | null;
  updated: Date | string;
}

function refuse(reply: FastifyReply, d: Dialect, status: number, message: string) {
  if (d.encoding === 'xml') return reply.code(status).type('application/xml').send(`<?xml version="1.0" encoding="UTF-8"?><error><status>${status}</status><message>${escapeHtml(message)}</message></error>`);
  return reply.code(status).send({ status, error: status === 401 ? 'unauthorized' : status === 404 ? 'not_found' : 'invalid_request', message });
}

function send(reply: FastifyReply, d: Dialect, status: number, row: GrantRow) {
  const body = d.answer(row);
  return typeof body === 'string' ? reply.code(status).type('application/xml').send(body) : reply.code(status).send(body);
}

export default async function locksSandbox(app: FastifyInstance): Promise<void> {
  await app.register(formbody);
  app.addContentTypeParser(['application/xml', 'text/xml'], { parseAs: 'string' }, (_request, body, done) => done(null, { raw: body }));

  for (const d of DIALECTS) {
    const base = `${LOCKS_SANDBOX_PATH}/${d.key}`;
    const who = (request: FastifyRequest, reply: FastifyReply): string | null => {
      const account = accountOf(d, request);
      if (!account) void refuse(reply, d, 401, 'The credentials were missing or refused.');
      return account;
    };
    const read = (request: FastifyRequest) => {
      const body = (request.body ?? {}) as Record<string, unknown>;
      return d.parse(body, typeof body.raw === 'string' ? body.raw : '');
    };
    const held = async (account: string, grantId: string) =>
      app.db.one<HeldRow>('select * from codelock_sandbox_grants where id = $1 and system = $2 and account = $3 and revoked is null', [rowId(grantId) || 0, d.key, account]);

    if (d.tokenPath) {
      app.post(`${base}${d.tokenPath}`, async (request, reply) => {
        const b = (request.body ?? {}) as Record<string, string>;
        const token = d.auth === 'session' ? issueToken(d, b.username ?? '', b.password ?? '') : b.grant_type === 'client_credentials' ? issueToken(d, b.client_id ?? '', b.client_secret ?? '') : null;
        if (!token) return reply.code(401).send({ error: 'invalid_client', error_description: 'The client or user was refused.' });
        return d.auth === 'session' ? { token } : { access_token: token, token_type: 'Bearer', expires_in: 3600 };
      });
    }

    app.get(`${base}${d.testPath}`, async (request, reply) => {
      if (!who(request, reply)) return reply;
      const grants = await app.db.one<{ n: number }>("select count(*)::int as n from codelock_sandbox_grants where system = $1 and revoked is null and valid_to > now()", [d.key]);
      return d.encoding === 'xml' ? reply.type('application/xml').send(`<?xml version="1.0" encoding="UTF-8"?><installation><status>online</status><grants>${grants?.n ?? 0}</grants></installation>`) : { status: 'online', grants: grants?.n ?? 0 };
    });

    app.post(`${base}${d.grants}`, async (request, reply) => {
      const account = who(request, reply);
      if (!account) return reply;
      const parsed = read(request);
      if (typeof parsed === 'string') return refuse(reply, d, 400, parsed);
      const row = await app.db.one<HeldRow>(
        `insert into codelock_sandbox_grants (system, account, door_id, code, holder, valid_from, valid_to, request) values ($1, $2, $3, $4, $5, $6, $7, $8::jsonb) returning *`,
        [d.key, account, parsed.door, parsed.code, parsed.holder, parsed.from, parsed.to, JSON.stringify(request.body ?? {})],
      );
      return send(reply, d, 201, row!);
    });

    app.route({
      method: d.updateMethod,
      url: `${base}${d.grants}/:grantId`,
      handler: async (request, reply) => {
        const account = who(request, reply);
        if (!account) return reply;
        const existing = await held(account, (request.params as { grantId: string }).grantId);
        if (!existing) return refuse(reply, d, 404, 'No such grant.');
        const parsed = read(request);
        if (typeof parsed === 'string') return refuse(reply, d, 400, parsed);
        const row = await app.db.one<HeldRow>(
          'update codelock_sandbox_grants set door_id = $2, code = $3, holder = $4, valid_from = $5, valid_to = $6, request = $7::jsonb, updated = now() where id = $1 returning *',
          [existing.id, parsed.door, parsed.code, parsed.holder, parsed.from, parsed.to, JSON.stringify(request.body ?? {})],
        );
        return send(reply, d, 200, row!);
      },
    });

    app.delete(`${base}${d.grants}/:grantId`, async (request, reply) => {
      const account = who(request, reply);
      if (!account) return reply;
      const existing = await held(account, (request.params as { grantId: string }).grantId);
      if (!existing) return refuse(reply, d, 404, 'No such grant.');
      await app.db.query('update codelock_sandbox_grants set revoked = now(), updated = now() where id = $1', [existing.id]);
      return reply.code(204).send();
    });

    // Someone at the door with a code (or a phone key's reference).
    app.post(`${base}/doors/:door/open`, async (request, reply) => {
      const { door } = request.params as { door: string };
      const b = (request.body ?? {}) as { code?: string; at?: string };
      const at = b.at ? new Date(b.at) : new Date();
      const rows = await app.db.query<HeldRow>('select * from codelock_sandbox_grants where system = $1 and door_id = $2 and code = $3', [d.key, door, String(b.code ?? '')]);
      const live = rows.filter((r) => !r.revoked);
      const open = live.find((r) => new Date(r.valid_from) <= at && at < new Date(r.valid_to));
      if (open) return { opened: true, grant: String(open.id) };
      const reason = rows.length === 0 ? 'unknown code' : live.length === 0 ? 'revoked' : 'outside its window';
      return reply.code(403).send({ opened: false, reason });
    });
  }

  // The page a person looks at: every grant the simulated locks hold, newest change first.
  app.get(LOCKS_SANDBOX_PATH, async (request, reply) => {
    const system = (request.query as { system?: string }).system;
    const rows = await app.db.query<HeldRow>('select * from codelock_sandbox_grants where ($1::text is null or system = $1) order by updated desc, id desc limit 500', [system ?? null]);
    const now = Date.now();
    const state = (r: HeldRow) => (r.revoked ? 'Revoked' : new Date(r.valid_to).getTime() <= now ? 'Expired' : new Date(r.valid_from).getTime() > now ? 'Waiting' : 'Valid now');
    const body = rows
      .map((r) => `<tr><td>${escapeHtml(r.system)}</td><td>${escapeHtml(r.door_id)}</td><td>${escapeHtml(r.code)}</td><td>${escapeHtml(r.holder ?? '')}</td><td>${new Date(r.valid_from).toISOString()}</td><td>${new Date(r.valid_to).toISOString()}</td><td>${state(r)}</td></tr>`)
      .join('');
    return reply.type('text/html').send(`<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width"><title>Door locks (sandbox)</title></head><body><main><h1>Door locks (sandbox)</h1>
<p>The grants the simulated lock systems hold: ${DIALECTS.map((d) => `<a href="${LOCKS_SANDBOX_PATH}?system=${d.key}">${d.key}</a>`).join(', ')}.</p>
<table><caption>Grants</caption><thead><tr><th scope="col">System</th><th scope="col">Door</th><th scope="col">Code or key</th><th scope="col">Holder</th><th scope="col">Valid from</th><th scope="col">Valid to</th><th scope="col">State</th></tr></thead><tbody>${body}</tbody></table></main></body></html>`);
  });
}
