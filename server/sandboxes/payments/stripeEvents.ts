/**
 * Stripe's events in the test mode: a paid session becomes `checkout.session.completed`, stored and
 * POSTed to the platform's webhook endpoint signed in the Stripe-Signature scheme
 * (t=…,v1=HMAC-SHA256 of "t.payload" with the endpoint's secret), retried with growing pauses.
 */
import { createHmac } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { stripeWebhookUrl } from '../../shared/paymentProviders';
import { API_VERSION, id, nowSeconds, type SessionRow } from './stripeWire';

/** The events of one app: `complete` marks a session paid, records its event and sends it, and answers where the browser goes. */
export default function stripeEvents(app: FastifyInstance): { complete: (s: SessionRow) => Promise<string> } {
  /** Marks the session paid, records the event and sends it; answers where the browser goes. */
  async function complete(s: SessionRow): Promise<string> {
    const session = { ...s.body, status: 'complete', payment_status: 'paid', payment_intent: id('pi') };
    const event = {
      id: id('evt'),
      object: 'event',
      api_version: API_VERSION,
      created: nowSeconds(),
      type: 'checkout.session.completed',
      account: s.account_id,
      livemode: false,
      pending_webhooks: 1,
      data: { object: session },
    };
    await app.db.tx(async (tx) => {
      await tx.query('update stripe_sandbox_sessions set body = $2 where id = $1', [s.id, JSON.stringify(session)]);
      await tx.query('insert into stripe_sandbox_events (id, account_id, type, body) values ($1, $2, $3, $4)', [event.id, s.account_id, event.type, JSON.stringify(event)]);
    });
    deliver(event.id, 0);
    return session.success_url.replace('{CHECKOUT_SESSION_ID}', s.id);
  }

  /** POSTs an event to the platform's webhook endpoint, signed; retried with growing pauses. */
  function deliver(eventId: string, attempt: number): void {
    const run = async () => {
      const row = await app.db.one<{ body: unknown; delivered: string | null }>('select body, delivered from stripe_sandbox_events where id = $1', [eventId]);
      if (!row || row.delivered) return;
      const payload = JSON.stringify(row.body);
      const t = nowSeconds();
      const signature = createHmac('sha256', app.config.stripe.webhookSecret).update(`${t}.${payload}`).digest('hex');
      let ok: boolean;
      try {
        const res = await fetch(stripeWebhookUrl(app.config), {
          method: 'POST',
          headers: { 'content-type': 'application/json; charset=utf-8', 'stripe-signature': `t=${t},v1=${signature}`, 'user-agent': 'Stripe/1.0 (+https://stripe.com/docs/webhooks)' },
          body: payload,
          signal: AbortSignal.timeout(10_000),
        });
        ok = res.ok;
      } catch {
        ok = false;
      }
      await app.db.query(`update stripe_sandbox_events set attempts = attempts + 1, delivered = case when $2 then now() else delivered end where id = $1`, [eventId, ok]);
      if (!ok && attempt < 6) setTimeout(() => deliver(eventId, attempt + 1), 500 * 2 ** attempt).unref();
    };
    setImmediate(() => {
      run().catch((err: unknown) => app.log.warn({ err, eventId }, 'stripe sandbox: event delivery failed'));
    });
  }

  return { complete };
}
