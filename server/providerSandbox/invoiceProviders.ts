/**
 * Payson's and Billmate's test environments, served by our own server so that the payments area's
 * "Test" button exercises their documented REST shapes with no account anywhere:
 * - Payson Checkout 2.0: GET /payson-sandbox/2.0/Accounts/ with HTTP Basic auth (agent id : API key);
 *   the account, or 401 with Payson's `{ errors: [{ message, property }] }`;
 * - Billmate: POST /billmate-sandbox/ with `{ credentials: { id, hash, version, client, time, test,
 *   language }, data, function }`, hash = HMAC-SHA512 of the JSON data with the secret; the answer's
 *   data, or Billmate's `{ code, message }`.
 * Valid test credentials are SANDBOX_CREDENTIALS (server/shared/paymentProviders.ts).
 */
import { createHmac, timingSafeEqual } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { SANDBOX_CREDENTIALS, SANDBOX_PATHS } from '../shared/paymentProviders';

function same(a: string, b: string): boolean {
  const x = Buffer.from(a);
  const y = Buffer.from(b);
  return x.length === y.length && timingSafeEqual(x, y);
}

export default async function invoiceProviderSandboxes(app: FastifyInstance): Promise<void> {
  app.get(`${SANDBOX_PATHS.payson}/2.0/Accounts/`, async (request, reply) => {
    const auth = String(request.headers.authorization ?? '');
    const [agent, key] = auth.startsWith('Basic ') ? Buffer.from(auth.slice(6), 'base64').toString('utf8').split(':') : [];
    const valid = SANDBOX_CREDENTIALS.payson;
    if (!agent || !key || !same(agent, valid.merchantId) || !same(key, valid.secret)) {
      return reply.status(401).send({ errors: [{ message: 'Unauthorized: the agent id or API key is not valid.', property: null }] });
    }
    return { accountEmail: 'testagent-checkout2@payson.se', status: 'Approved', merchantId: Number(valid.merchantId), enabledForInvoice: true, enabledForpaymentPlan: true };
  });

  app.post<{ Body: { credentials?: { id?: string; hash?: string }; data?: unknown; function?: string } }>(`${SANDBOX_PATHS.billmate}/`, async (request) => {
    const body = request.body ?? {};
    const valid = SANDBOX_CREDENTIALS.billmate;
    const id = String(body.credentials?.id ?? '');
    const hash = String(body.credentials?.hash ?? '');
    const expected = createHmac('sha512', valid.secret).update(JSON.stringify(body.data ?? {})).digest('hex');
    if (!same(id, valid.merchantId) || !same(hash, expected)) return { code: 9013, message: 'Invalid credentials. Check your merchant id and secret.' };
    if (body.function !== 'getAccountinfo') return { code: 9015, message: `Unknown function: ${String(body.function)}` };
    const data = { company: 'Billmate Sandbox AB', orgnr: '556000-0000', country: 'SE', defaultpaymentmethod: 1 };
    return { credentials: { hash: createHmac('sha512', valid.secret).update(JSON.stringify(data)).digest('hex') }, data };
  });
}
