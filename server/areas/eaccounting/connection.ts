/**
 * Authenticating with eAccounting (OAuth2 code flow): GET /eaccounting/check answers whether the
 * company is connected (or expired, revoked, with the reason) and the authorize URL for the popup,
 * whose state is bound to the administrator who asked (one live state each, kept an hour); the
 * provider sends the popup back to the admin's /eaccounting page, which hands Code and State to
 * GET /eaccounting/callback in that administrator's session; POST /eaccounting/logout revokes the
 * refresh token at the provider and forgets the connection.
 */
import { randomBytes } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import type { EAccountingCallbackQuery } from '../../../schema/eaccounting';
import { requirePlanArea } from '../../shared/planLimits';
import { ApiError } from '../../shared/errors';
import { NO_CONTENT, ref } from '../../shared/schemas';
import { clientId, connect, disconnect, identityBase, redirectUri } from './client';
import { eaccountingKey } from './messages';

const SCOPE = 'ea:api ea:sales offline_access';

export default async function connection(app: FastifyInstance): Promise<void> {
  app.get('/eaccounting/check', { schema: { querystring: ref('EAccountingListQuery'), response: { 200: ref('EAccountingCheck') } } }, async (request) => {
    const { ctx } = request;
    const row = await app.db.one<{ state: 'connected' | 'expired' | 'revoked'; last_error: string | null; connected: Date | string }>(
      'select state, last_error, connected from eaccounting_connections where company_id = $1',
      [ctx.companyId],
    );
    let state = (
      await app.db.one<{ state: string }>(
        "select state from eaccounting_oauth_states where company_id = $1 and user_id = $2 and created > now() - interval '50 minutes' order by created desc limit 1",
        [ctx.companyId, ctx.userId],
      )
    )?.state;
    if (!state) {
      state = randomBytes(24).toString('base64url');
      await app.db.query("delete from eaccounting_oauth_states where created < now() - interval '1 hour'");
      await app.db.query('insert into eaccounting_oauth_states (state, company_id, user_id) values ($1, $2, $3)', [state, ctx.companyId, ctx.userId]);
    }
    const url = new URL(`${identityBase(app.config.publicUrl)}/authorize`);
    for (const [k, v] of Object.entries({ client_id: clientId(), redirect_uri: redirectUri(app.config.publicUrl), response_type: 'code', scope: SCOPE, state, prompt: 'login' })) {
      url.searchParams.set(k, v);
    }
    return {
      IsAuthenticated: row?.state === 'connected',
      State: row?.state ?? 'none',
      Message: row && row.state !== 'connected' ? row.last_error : null,
      AuthorizeUrl: url.toString(),
      ConnectedDate: row ? new Date(row.connected).toISOString() : null,
    };
  });

  app.get('/eaccounting/callback', { preHandler: requirePlanArea('accounting'), schema: { querystring: ref('EAccountingCallbackQuery'), response: { 200: ref('EAccountingCheck') } } }, async (request) => {
    const { ctx } = request;
    const q = request.query as EAccountingCallbackQuery;
    if (q.CompanyId !== undefined && q.CompanyId !== ctx.companyId) throw ApiError.field(400, 'State', eaccountingKey('EAccountingStateInvalid'));
    const claimed = await app.db.one(
      "delete from eaccounting_oauth_states where state = $1 and company_id = $2 and user_id = $3 and created > now() - interval '1 hour' returning 1",
      [q.State, ctx.companyId, ctx.userId],
    );
    if (!claimed) throw ApiError.field(400, 'State', eaccountingKey('EAccountingStateInvalid'));
    const ok = await connect(app, ctx.companyId, q.Code).catch(() => false);
    if (!ok) throw ApiError.field(400, 'Code', eaccountingKey('EAccountingStateInvalid'));
    await app.db.query('insert into eaccounting_settings (company_id) values ($1) on conflict (company_id) do nothing', [ctx.companyId]);
    return { IsAuthenticated: true, State: 'connected' as const, Message: null, AuthorizeUrl: '', ConnectedDate: new Date().toISOString() };
  });

  app.post('/eaccounting/logout', { schema: { response: NO_CONTENT } }, async (request, reply) => {
    await disconnect(app, request.ctx.companyId);
    return reply.code(204).send();
  });
}
