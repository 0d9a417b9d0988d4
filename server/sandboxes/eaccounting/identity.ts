/**
 * The embedded Visma eAccounting's identity server (Visma Connect's OAuth2 layout under
 * /eaccounting-sandbox/identity/connect): the authorize page (the person names the sandbox company
 * to connect, then allows or cancels), the token endpoint (authorization_code and refresh_token,
 * access tokens valid an hour, refresh tokens single use, client credentials in Basic auth or the
 * form) and token revocation. Errors as OAuth2 says: { error, error_description }.
 */
import { createHash, randomBytes } from 'node:crypto';
import type { FastifyInstance, FastifyReply } from 'fastify';
import { escapeHtml } from '../../shared/html';

export const EACCOUNTING_SANDBOX_PATH = '/eaccounting-sandbox';
export const hashToken = (text: string): string => createHash('sha256').update(text).digest('hex');

/** Seconds an access token lives (Visma's: one hour). */
export const ACCESS_TOKEN_SECONDS = 3600;

const page = (title: string, body: string) =>
  `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width"><title>${title}</title></head>
<body style="font-family:sans-serif;max-width:30rem;margin:3rem auto;padding:0 1rem"><main>${body}</main></body></html>`;

function oauthError(reply: FastifyReply, error: string, description: string, code = 400) {
  return reply.code(code).send({ error, error_description: description });
}

/** The client id and secret of a token request: HTTP Basic, else the form's fields. */
function clientOf(authorization: string | undefined, body: Record<string, string | undefined>): { id: string; secret: string } {
  if (authorization?.startsWith('Basic ')) {
    const [id = '', secret = ''] = Buffer.from(authorization.slice(6), 'base64').toString('utf8').split(':');
    return { id: decodeURIComponent(id), secret: decodeURIComponent(secret) };
  }
  return { id: body.client_id ?? '', secret: body.client_secret ?? '' };
}

export default async function identity(app: FastifyInstance): Promise<void> {
  const base = `${EACCOUNTING_SANDBOX_PATH}/identity/connect`;

  app.get(`${base}/authorize`, async (request, reply) => {
    const q = request.query as Record<string, string | undefined>;
    if (!q.redirect_uri || !q.client_id || q.response_type !== 'code') {
      return reply.code(400).type('text/html').send(page('Error', '<h1>invalid_request</h1><p>client_id, redirect_uri and response_type=code are required.</p>'));
    }
    const hidden = ['redirect_uri', 'state', 'client_id'].map((k) => `<input type="hidden" name="${k}" value="${escapeHtml(q[k] ?? '')}">`).join('');
    return reply.type('text/html').send(
      page(
        'Visma eAccounting (sandbox) – sign in',
        `<h1>Visma eAccounting (sandbox)</h1>
<p>${escapeHtml(q.client_id)} asks to read and write your articles, customers and invoices (${escapeHtml(q.scope ?? 'ea:api ea:sales offline_access')}).</p>
<form method="post" action="${base}/authorize/approve">${hidden}
<p><label for="tenant">Company in eAccounting</label><br><input id="tenant" name="tenant" value="Sandbox AB" required></p>
<button type="submit" name="decision" value="allow">Allow</button> <button type="submit" name="decision" value="deny">Cancel</button></form>`,
      ),
    );
  });

  app.post(`${base}/authorize/approve`, async (request, reply) => {
    const body = (request.body ?? {}) as Record<string, string | undefined>;
    let target: URL;
    try {
      target = new URL(String(body.redirect_uri));
    } catch {
      return reply.code(400).type('text/html').send(page('Error', '<h1>invalid_request</h1><p>redirect_uri is not a URL.</p>'));
    }
    if (body.state) target.searchParams.set('state', body.state);
    if (body.decision !== 'allow') {
      target.searchParams.set('error', 'access_denied');
      return reply.redirect(target.toString());
    }
    const code = randomBytes(24).toString('hex');
    const tenant = (body.tenant ?? '').trim().slice(0, 100) || 'Sandbox AB';
    await app.db.query('insert into eaccounting_sandbox_grants (code, tenant, redirect_uri) values ($1, $2, $3)', [code, tenant, String(body.redirect_uri)]);
    target.searchParams.set('code', code);
    return reply.redirect(target.toString());
  });

  app.post(`${base}/token`, async (request, reply) => {
    const body = (request.body ?? {}) as Record<string, string | undefined>;
    const client = clientOf(request.headers.authorization, body);
    if (!client.id || !client.secret) return oauthError(reply, 'invalid_client', 'Client authentication failed.', 401);
    const issue = async (tenant: string, family: string) => {
      const access = randomBytes(32).toString('base64url');
      const refresh = randomBytes(32).toString('hex');
      await app.db.query(
        `insert into eaccounting_sandbox_tokens (token_hash, tenant, family, kind, expires_at) values
           ($1, $3, $4, 'access', now() + make_interval(secs => $5::int)), ($2, $3, $4, 'refresh', now() + interval '30 days')`,
        [hashToken(access), hashToken(refresh), tenant, family, ACCESS_TOKEN_SECONDS],
      );
      return { access_token: access, expires_in: ACCESS_TOKEN_SECONDS, token_type: 'Bearer', refresh_token: refresh, scope: 'ea:api ea:sales offline_access' };
    };
    if (body.grant_type === 'authorization_code') {
      const grant = await app.db.one<{ tenant: string; redirect_uri: string }>(
        "update eaccounting_sandbox_grants set used = true where code = $1 and not used and created > now() - interval '10 minutes' returning tenant, redirect_uri",
        [String(body.code ?? '')],
      );
      if (!grant || grant.redirect_uri !== body.redirect_uri) return oauthError(reply, 'invalid_grant', 'The authorization code is invalid, used or expired.');
      return issue(grant.tenant, hashToken(String(body.code)));
    }
    if (body.grant_type === 'refresh_token') {
      // A refresh token is used once: the answer carries the next one.
      const used = await app.db.one<{ tenant: string; family: string }>(
        "update eaccounting_sandbox_tokens set revoked = true where token_hash = $1 and kind = 'refresh' and not revoked and expires_at > now() returning tenant, family",
        [hashToken(String(body.refresh_token ?? ''))],
      );
      if (!used) return oauthError(reply, 'invalid_grant', 'The refresh token is invalid, revoked or expired.');
      return issue(used.tenant, used.family);
    }
    return oauthError(reply, 'unsupported_grant_type', 'grant_type must be authorization_code or refresh_token.');
  });

  // RFC 7009: revoking a refresh token ends its whole grant (every token of that family); answers 200 either way.
  app.post(`${base}/revocation`, async (request, reply) => {
    const body = (request.body ?? {}) as Record<string, string | undefined>;
    const row = await app.db.one<{ family: string; kind: string }>('update eaccounting_sandbox_tokens set revoked = true where token_hash = $1 returning family, kind', [hashToken(String(body.token ?? ''))]);
    if (row?.kind === 'refresh') await app.db.query('update eaccounting_sandbox_tokens set revoked = true where family = $1', [row.family]);
    return reply.code(200).send();
  });
}
