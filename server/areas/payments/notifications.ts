/**
 * The providers tell us a checkout was paid (issue 32), each in its own way, all written by one
 * function in one transaction: the payment log entry, the booking's paid amount and status (paid, or
 * booked when a deposit leaves some to pay), the checkout marked complete and the notification
 * recorded under the provider's id, so the same notification twice pays once.
 * - Stripe: POST /payment/stripe/webhook, `checkout.session.completed` verified with the official
 *   client against the raw body (Stripe-Signature), idempotent by the event's id.
 * - Payson: POST /payment/payson/notification?checkout={id}: only the id is taken from the request;
 *   the checkout is read again from Payson with the company's credentials. Idempotent by the
 *   checkout's id and the status read.
 * - Billmate: POST /payment/billmate/callback: the data's hash (HMAC-SHA512 with the merchant's
 *   secret) must match. Idempotent by the payment number and its status.
 * A notification that cannot be verified is refused with 400, logged and writes nothing.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import Stripe from 'stripe';
import type { BillmateCallback, PaymentNotificationResult, PaysonNotificationQuery } from '../../../schema/payments';
import type { Db } from '../../db/db';
import { STATUS, isActive } from '../../../domain/bookings';
import { ApiError } from '../../shared/errors';
import { fill, languageOfCountry } from '../../shared/messages';
import { ref } from '../../shared/schemas';
import { billmateSigned } from '../../shared/billmateJson';
import { paymentReceived } from '../../shared/recordEvents';
import { billmatePaid } from './billmateProvider';
import { AWAITING, loadBooking, SETTLE_KIND } from './checkout';
import { loadCredentials } from './credentials';
import { paymentKey, words } from './messages';
import { LABELS, providerApiError, type ProviderName } from './provider';
import { providerNamed } from './providers';
import { stripeClient } from './stripeClient';

interface Notification {
  provider: ProviderName;
  eventId: string;
  eventType: string;
  companyId: number | null;
  /** The checkout the notification says is paid, with the amount the provider says was paid when it says. */
  paid: { sessionId: string; paymentRef: string | null; amount?: number } | null;
}

/** Writes a provider's payment into the booking's payment log and status; inside the notification's transaction. */
async function recordPayment(app: FastifyInstance, tx: Db, provider: ProviderName, companyId: number, paid: NonNullable<Notification['paid']>): Promise<'handled' | 'ignored'> {
  const checkout = await tx.one<{ id: number; booking_id: number; amount: number; deposit: boolean; status: string }>(
    'select id, booking_id, amount_minor::float8 as amount, deposit, status from payment_checkouts where provider = $1 and session_id = $2 and company_id = $3 for update',
    [provider, paid.sessionId, companyId],
  );
  if (!checkout || checkout.status === 'complete') return 'ignored';
  if (paid.amount !== undefined && paid.amount !== checkout.amount) {
    app.log.warn({ provider, sessionId: paid.sessionId, paid: paid.amount, asked: checkout.amount }, 'payment notification: the amount paid is not the amount asked; not written');
    return 'ignored';
  }
  const b = (await loadBooking(tx, companyId, checkout.booking_id, true))!;
  const lang = languageOfCountry(b.country_id);
  const comment = fill((checkout.deposit ? words.depositLog : words.paidLog)[lang], { provider: LABELS[provider] }) + (paid.paymentRef ? ` (${paid.paymentRef})` : '');
  const payment = await tx.one<{ id: number }>(
    `insert into booking_payments (company_id, booking_id, kind, amount_minor, comment) values ($1, $2, 'Payment', $3, $4) returning id`,
    [companyId, checkout.booking_id, checkout.amount, comment],
  );
  const total = b.paid + checkout.amount;
  const status = !isActive(b.status_id) ? b.status_id : total >= b.total ? STATUS.Payed : AWAITING.includes(b.status_id) ? STATUS.Booked : b.status_id;
  await tx.query(
    `update bookings set paid_minor = $3, status_id = $4, hold_until = case when $4 = status_id then hold_until else null end, updated = now() where id = $1 and company_id = $2`,
    [checkout.booking_id, companyId, total, status],
  );
  await tx.query(`update payment_checkouts set status = 'complete', payment_intent = $2, booking_payment_id = $3 where id = $1`, [checkout.id, paid.paymentRef, payment!.id]);
  await tx.query(
    `insert into booking_log (company_id, booking_id, event, actor_type, comment, before, after) values ($1, $2, 'Paid', 'System', $3, $4::text::jsonb, $5::text::jsonb)`,
    [companyId, checkout.booking_id, comment, JSON.stringify({ StatusId: b.status_id, PaidAmount: b.paid / 100 }), JSON.stringify({ StatusId: status, PaidAmount: total / 100 })],
  );
  await app.bookingEvents.emit(tx, { kind: 'paid', companyId, bookingId: checkout.booking_id });
  await paymentReceived(app, tx, companyId, checkout.booking_id, payment!.id, provider);
  if (providerNamed(provider).settle) await app.outbox.add(tx, { companyId, kind: SETTLE_KIND, key: `checkout:${checkout.id}:settle`, payload: { checkoutId: checkout.id } });
  return 'handled';
}

/** Records a verified notification and writes its payment, once per provider's id. */
function notified(app: FastifyInstance, n: Notification): Promise<PaymentNotificationResult> {
  return app.db.tx(async (tx) => {
    const fresh = await tx.one<{ id: number }>(
      `insert into payment_notifications (provider, event_id, event_type, company_id, verified, outcome) values ($1, $2, $3, $4, true, 'received')
       on conflict (provider, event_id) where verified do nothing returning id`,
      [n.provider, n.eventId, n.eventType, n.companyId],
    );
    if (!fresh) return { Received: true, Duplicate: true };
    const outcome = n.paid && n.companyId !== null ? await recordPayment(app, tx, n.provider, n.companyId, n.paid) : 'ignored';
    await tx.query('update payment_notifications set outcome = $2 where id = $1', [fresh.id, outcome]);
    return { Received: true, Duplicate: false };
  });
}

/** A refused notification goes to the server's log, not the database. */
function refuse(request: FastifyRequest, provider: ProviderName, reason: string, field: string, excerpt: string): never {
  request.log.warn({ ip: request.ip, provider, reason, excerpt: excerpt.slice(0, 300) }, 'payment notification refused');
  throw ApiError.field(400, field, paymentKey(field === 'checkout' ? 'PaymentCheckoutUnknown' : 'PaymentSignatureInvalid'));
}

const rawBodies = new WeakMap<FastifyRequest, string>();

export default async function notifications(app: FastifyInstance): Promise<void> {
  const result = { 200: ref('PaymentNotificationResult') };

  app.post('/payment/payson/notification', { config: { public: true }, schema: { querystring: ref('PaysonNotificationQuery'), response: result } }, async (request) => {
    const id = (request.query as PaysonNotificationQuery).checkout;
    const row = await app.db.one<{ company_id: number }>(`select company_id from payment_checkouts where provider = 'payson' and session_id = $1 order by id desc limit 1`, [id]);
    if (!row) return refuse(request, 'payson', 'unknown checkout', 'checkout', id);
    let state;
    try {
      state = await providerNamed('payson').read(app, row.company_id, id);
    } catch (err) {
      throw providerApiError(err, 'checkout');
    }
    const paid = state.status === 'paid' ? { sessionId: id, paymentRef: state.paymentRef, amount: state.amount } : null;
    return notified(app, { provider: 'payson', eventId: `${id}:${state.status}`, eventType: state.status, companyId: row.company_id, paid });
  });

  // Stripe's and Billmate's signatures are over the body as sent: it is kept before it is parsed.
  await app.register(async (scope) => {
    scope.addContentTypeParser('application/json', { parseAs: 'string', bodyLimit: 1024 * 1024 }, (request, body, done) => {
      const raw = String(body);
      rawBodies.set(request, raw);
      if (request.url.includes('/stripe/')) return done(null, raw);
      try {
        done(null, JSON.parse(raw));
      } catch {
        done(Object.assign(new Error('Body is not valid JSON'), { statusCode: 400, code: 'FST_ERR_CTP_INVALID_JSON_BODY' }));
      }
    });

    scope.post('/payment/stripe/webhook', { config: { public: true }, schema: { response: result } }, async (request) => {
      const raw = rawBodies.get(request) ?? '';
      let event: Stripe.Event;
      try {
        event = await stripeClient(app.config).webhooks.constructEventAsync(raw, String(request.headers['stripe-signature'] ?? ''), app.config.stripe.webhookSecret);
      } catch (err) {
        return refuse(request, 'stripe', err instanceof Error ? err.message : 'invalid', 'Stripe-Signature', raw);
      }
      const company = event.account ? await app.db.one<{ company_id: number }>('select company_id from stripe_accounts where account_id = $1', [event.account]) : undefined;
      let paid: Notification['paid'] = null;
      if (event.type === 'checkout.session.completed' || event.type === 'checkout.session.async_payment_succeeded') {
        const session = event.data.object;
        if (session.payment_status === 'paid') {
          const paymentRef = typeof session.payment_intent === 'string' ? session.payment_intent : (session.payment_intent?.id ?? null);
          paid = { sessionId: session.id, paymentRef, ...(session.amount_total === null ? {} : { amount: session.amount_total }) };
        }
      }
      return notified(app, { provider: 'stripe', eventId: event.id, eventType: event.type, companyId: company?.company_id ?? null, paid });
    });

    scope.post('/payment/billmate/callback', { config: { public: true }, schema: { body: ref('BillmateCallback'), response: result } }, async (request) => {
      const raw = rawBodies.get(request) ?? '';
      const body = request.body as BillmateCallback;
      // The data as sent (the schema strips what it does not know; the hash covers all of it).
      const sent = (JSON.parse(raw) as { data: unknown }).data;
      const number = String(body.data.number);
      const companies = await app.db.query<{ company_id: number }>(`select distinct company_id from payment_checkouts where provider = 'billmate' and session_id = $1`, [number]);
      let companyId: number | null = null;
      for (const { company_id } of companies) {
        const c = await loadCredentials(app.db, company_id, 'billmate');
        if (c && billmateSigned(c.secret, sent, body.credentials.hash)) companyId = company_id;
      }
      if (companyId === null) return refuse(request, 'billmate', companies.length ? 'hash mismatch' : 'unknown payment', 'credentials.hash', raw);
      const paid = billmatePaid(body.data.status) ? { sessionId: number, paymentRef: number } : null;
      return notified(app, { provider: 'billmate', eventId: `${companyId}:${number}:${body.data.status}`, eventType: body.data.status, companyId, paid });
    });
  });
}
