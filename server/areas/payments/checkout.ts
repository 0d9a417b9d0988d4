/**
 * A customer pays a booking (issue 32). A booking that awaits payment gets a pay link
 * (/api/payment/pay/{Token}, for the confirmation, the payment request mail and the booking page)
 * and, after the commit through the outbox, a Stripe Checkout Session on the company's connected
 * account for what is left to pay, or the deposit. Stripe's signed event (checkout.session.completed)
 * at POST /api/payment/stripe/webhook writes the payment log entry and moves the booking to paid
 * (partly paid: booked) in one transaction with the event's id, so the same event twice pays once;
 * a forged one is refused with 400 and logged. A refund written in the booking's payment log (the
 * booking page's refund dialog) is made at the provider through the outbox with an idempotency key.
 */
import { randomBytes } from 'node:crypto';
import type { FastifyInstance, FastifyReply } from 'fastify';
import Stripe from 'stripe';
import type { PaymentBookingId, PaymentCheckout, PaymentLinkToken, PaymentNotificationResult } from '../../../schema/payments';
import type { Db } from '../../db/db';
import { STATUS, isActive } from '../../../domain/bookings';
import { ApiError } from '../../shared/errors';
import { escapeHtml } from '../../shared/html';
import { fill, languageOfCountry, type Lang } from '../../shared/messages';
import { ref } from '../../shared/schemas';
import { paymentKey, words } from './messages';
import { loadPaymentSettings } from './settings';
import { providerError, stripeClient } from './stripeClient';

export const CHECKOUT_KIND = 'payment_checkout';
export const REFUND_KIND = 'payment_refund';

/** Statuses in which a booking waits for the customer's payment. */
const AWAITING: readonly number[] = [STATUS.AwaitingPayment, STATUS.AwaitingPaymentNoTimeLimit, STATUS.AwaitingPaymentFromProvider];

interface BookingRow {
  id: number;
  status_id: number;
  total: number;
  paid: number;
  currency_id: string | null;
  service_name: string;
  is_payment_enabled: boolean;
  email: string | null;
  country_id: string;
}

async function loadBooking(db: Db, companyId: number, bookingId: number, lock = false): Promise<BookingRow | undefined> {
  return db.one<BookingRow>(
    `select b.id, b.status_id, b.total_price_minor::float8 as total, b.paid_minor::float8 as paid, coalesce(b.currency_id, 'SEK') as currency_id,
            s.name as service_name, s.is_payment_enabled, cu.email, co.country_id
       from bookings b join services s on s.id = b.service_id join companies co on co.id = b.company_id
       left join customers cu on cu.id = b.customer_id
      where b.id = $1 and b.company_id = $2 ${lock ? 'for update of b' : ''}`,
    [bookingId, companyId],
  );
}

/** What the customer is asked for: what is left, or the deposit before anything is paid. */
async function amountToAsk(db: Db, companyId: number, b: BookingRow): Promise<{ amount: number; deposit: boolean }> {
  const settings = await loadPaymentSettings(db, companyId);
  const left = b.total - b.paid;
  if (settings.Requirement === 'Deposit' && b.paid === 0) {
    const deposit = Math.ceil((b.total * settings.DepositPercent) / 100);
    return { amount: Math.min(deposit, left), deposit: deposit < left };
  }
  return { amount: left, deposit: false };
}

/** The booking's pay link token (made once). */
export async function linkOf(db: Db, companyId: number, bookingId: number): Promise<string> {
  await db.query('insert into payment_links (token, company_id, booking_id) values ($1, $2, $3) on conflict (booking_id) do nothing', [
    randomBytes(18).toString('base64url'),
    companyId,
    bookingId,
  ]);
  const row = await db.one<{ token: string }>('select token from payment_links where booking_id = $1 and company_id = $2', [bookingId, companyId]);
  return row!.token;
}

const STRIPE_LOCALE: Record<Lang, string> = { sv: 'sv', en: 'en', fi: 'fi', no: 'nb' };

/**
 * The open checkout for what the booking asks now, made at Stripe when there is none. Throws 400 when
 * nothing is left to pay or the booking cannot be paid, 400/503 with the provider's text when Stripe refuses or is down.
 */
export async function openCheckout(app: FastifyInstance, companyId: number, bookingId: number, lang: Lang = 'en'): Promise<PaymentCheckout> {
  const b = await loadBooking(app.db, companyId, bookingId);
  if (!b) throw ApiError.notFound(words.booking[lang], bookingId);
  if (!isActive(b.status_id) || b.status_id === STATUS.Payed) throw ApiError.field(400, 'Id', paymentKey('PaymentBookingNotPayable'));
  const { amount, deposit } = await amountToAsk(app.db, companyId, b);
  if (amount <= 0) throw ApiError.field(400, 'Id', paymentKey('PaymentNothingToPay'));
  const token = await linkOf(app.db, companyId, bookingId);
  const payUrl = `${app.config.publicUrl}/api/payment/pay/${token}`;
  const currency = (b.currency_id ?? 'SEK').toUpperCase();
  const open = await app.db.one<{ url: string }>(
    `select url from payment_checkouts where company_id = $1 and booking_id = $2 and status = 'open' and amount_minor = $3 and created > now() - interval '23 hours' order by id desc limit 1`,
    [companyId, bookingId, amount],
  );
  const answer = (url: string): PaymentCheckout => ({ BookingId: bookingId, Url: url, PayUrl: payUrl, Amount: amount / 100, CurrencyId: currency, Deposit: deposit });
  if (open) return answer(open.url);
  const account = await app.db.one<{ account_id: string }>(
    'select a.account_id from stripe_accounts a join payment_settings p on p.company_id = a.company_id and p.stripe_active where a.company_id = $1',
    [companyId],
  );
  if (!account) throw ApiError.field(400, 'Provider', paymentKey('PaymentNoProvider'));
  const customerLang = languageOfCountry(b.country_id);
  let session: Stripe.Checkout.Session;
  try {
    session = await stripeClient(app.config).checkout.sessions.create(
      {
        mode: 'payment',
        line_items: [{ quantity: 1, price_data: { currency: currency.toLowerCase(), unit_amount: amount, product_data: { name: b.service_name } } }],
        success_url: `${payUrl}/done`,
        cancel_url: `${payUrl}/canceled`,
        client_reference_id: String(bookingId),
        metadata: { booking_id: String(bookingId), company_id: String(companyId), deposit: String(deposit) },
        locale: STRIPE_LOCALE[customerLang] as Stripe.Checkout.SessionCreateParams.Locale,
        ...(b.email ? { customer_email: b.email } : {}),
      },
      { stripeAccount: account.account_id },
    );
  } catch (err) {
    throw providerError(err);
  }
  await app.db.query(
    `insert into payment_checkouts (company_id, booking_id, provider, session_id, url, amount_minor, currency_id, deposit) values ($1, $2, 'stripe', $3, $4, $5, $6, $7)`,
    [companyId, bookingId, session.id, session.url, amount, currency, deposit],
  );
  return answer(session.url!);
}

/** Whether a new booking asks its customer to pay (status awaiting payment, the company's settings, the service's flag). */
async function asksForPayment(tx: Db, companyId: number, bookingId: number): Promise<boolean> {
  const b = await loadBooking(tx, companyId, bookingId);
  if (!b || !AWAITING.includes(b.status_id) || b.total <= b.paid) return false;
  const settings = await loadPaymentSettings(tx, companyId);
  if (!settings.StripeActive || settings.Requirement === 'None') return false;
  if (settings.OnlyServicesWithPayment && !b.is_payment_enabled) return false;
  return !!(await tx.one('select 1 from stripe_accounts where company_id = $1', [companyId]));
}

/** Writes a provider's payment into the booking's payment log and status; inside the event's transaction. */
async function recordPayment(app: FastifyInstance, tx: Db, sessionId: string, paymentIntent: string | null): Promise<'handled' | 'ignored'> {
  const checkout = await tx.one<{ id: number; company_id: number; booking_id: number; amount: number; deposit: boolean; status: string }>(
    'select id, company_id, booking_id, amount_minor::float8 as amount, deposit, status from payment_checkouts where session_id = $1 for update',
    [sessionId],
  );
  if (!checkout || checkout.status === 'complete') return 'ignored';
  const b = (await loadBooking(tx, checkout.company_id, checkout.booking_id, true))!;
  const lang = languageOfCountry(b.country_id);
  const comment = fill((checkout.deposit ? words.depositLog : words.paidLog)[lang], { provider: 'Stripe' }) + (paymentIntent ? ` (${paymentIntent})` : '');
  const payment = await tx.one<{ id: number }>(
    `insert into booking_payments (company_id, booking_id, kind, amount_minor, comment) values ($1, $2, 'Payment', $3, $4) returning id`,
    [checkout.company_id, checkout.booking_id, checkout.amount, comment],
  );
  const paid = b.paid + checkout.amount;
  const status = !isActive(b.status_id) ? b.status_id : paid >= b.total ? STATUS.Payed : AWAITING.includes(b.status_id) ? STATUS.Booked : b.status_id;
  await tx.query(
    `update bookings set paid_minor = $3, status_id = $4, hold_until = case when $4 = status_id then hold_until else null end, updated = now() where id = $1 and company_id = $2`,
    [checkout.booking_id, checkout.company_id, paid, status],
  );
  await tx.query(`update payment_checkouts set status = 'complete', payment_intent = $2, booking_payment_id = $3 where id = $1`, [checkout.id, paymentIntent, payment!.id]);
  await tx.query(
    `insert into booking_log (company_id, booking_id, event, actor_type, comment, before, after) values ($1, $2, 'Paid', 'System', $3, $4::text::jsonb, $5::text::jsonb)`,
    [checkout.company_id, checkout.booking_id, comment, JSON.stringify({ StatusId: b.status_id, PaidAmount: b.paid / 100 }), JSON.stringify({ StatusId: status, PaidAmount: paid / 100 })],
  );
  await app.bookingEvents.emit(tx, { kind: 'paid', companyId: checkout.company_id, bookingId: checkout.booking_id });
  return 'handled';
}

function page(reply: FastifyReply, lang: Lang, title: string, text: string, link?: { href: string; label: string }, status = 200) {
  return reply
    .status(status)
    .type('text/html; charset=utf-8')
    .send(
      `<!doctype html><html lang="${lang}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>${escapeHtml(title)}</title>
<style>body{margin:0;font:16px/1.5 system-ui,sans-serif;background:#f4f6f8;color:#1f2933}main{max-width:440px;margin:40px auto;padding:28px;background:#fff;border-radius:10px}a{color:#0b5cad}</style></head>
<body><main><h1>${escapeHtml(title)}</h1><p>${escapeHtml(text)}</p>${link ? `<p><a href="${escapeHtml(link.href)}">${escapeHtml(link.label)}</a></p>` : ''}</main></body></html>`,
    );
}

export default async function checkout(app: FastifyInstance): Promise<void> {
  app.outbox.handle(CHECKOUT_KIND, async (payload, entry) => {
    try {
      await openCheckout(app, entry.companyId!, Number(payload.bookingId));
    } catch (err) {
      // Nothing to pay any more (paid, canceled) or no provider: nothing to retry.
      if (err instanceof ApiError && err.statusCode < 500) return;
      throw err;
    }
  });

  app.outbox.handle(REFUND_KIND, async (payload) => {
    const row = await app.db.one<{ booking_payment_id: number; company_id: number; amount: number; payment_intent: string | null; account_id: string | null }>(
      `select r.booking_payment_id, r.company_id, r.amount_minor::float8 as amount, c.payment_intent, a.account_id
         from payment_refunds r join payment_checkouts c on c.id = r.checkout_id left join stripe_accounts a on a.company_id = r.company_id
        where r.booking_payment_id = $1 and r.status = 'queued'`,
      [Number(payload.bookingPaymentId)],
    );
    if (!row) return;
    const fail = (message: string) => app.db.query(`update payment_refunds set status = 'failed', message = $2, updated = now() where booking_payment_id = $1`, [row.booking_payment_id, message]);
    if (!row.payment_intent || !row.account_id) return void (await fail('No connected account or payment at the provider'));
    try {
      const refund = await stripeClient(app.config).refunds.create(
        { payment_intent: row.payment_intent, amount: row.amount, metadata: { booking_payment_id: String(row.booking_payment_id) } },
        { stripeAccount: row.account_id, idempotencyKey: `refund-${row.booking_payment_id}` },
      );
      await app.db.query(`update payment_refunds set status = 'succeeded', provider_refund_id = $2, message = null, updated = now() where booking_payment_id = $1`, [row.booking_payment_id, refund.id]);
    } catch (err) {
      if (err instanceof Stripe.errors.StripeInvalidRequestError) return void (await fail(err.message));
      throw err;
    }
  });

  app.bookingEvents.on(async (tx, event) => {
    if (event.kind === 'created') {
      if (!(await asksForPayment(tx, event.companyId, event.bookingId))) return;
      await linkOf(tx, event.companyId, event.bookingId);
      await app.outbox.add(tx, { companyId: event.companyId, kind: CHECKOUT_KIND, key: `booking:${event.bookingId}:checkout:${Date.now()}`, payload: { bookingId: event.bookingId } });
    } else if (event.kind === 'refunded') {
      // Refund entries of payments made at the provider that are not yet refunded there.
      const due = await tx.query<{ id: number; amount: number; checkout_id: number }>(
        `select r.id, r.amount_minor::float8 as amount, c.id as checkout_id
           from booking_payments r join payment_checkouts c on c.booking_payment_id = r.refund_of
          where r.booking_id = $1 and r.company_id = $2 and r.kind = 'Refund'
            and not exists (select 1 from payment_refunds x where x.booking_payment_id = r.id)`,
        [event.bookingId, event.companyId],
      );
      for (const r of due) {
        await tx.query('insert into payment_refunds (booking_payment_id, company_id, checkout_id, amount_minor) values ($1, $2, $3, $4)', [r.id, event.companyId, r.checkout_id, r.amount]);
        await app.outbox.add(tx, { companyId: event.companyId, kind: REFUND_KIND, key: `refund:${r.id}`, payload: { bookingPaymentId: r.id } });
      }
    } else if (event.kind === 'canceled' || event.kind === 'declined' || event.kind === 'released') {
      await tx.query(`update payment_checkouts set status = 'expired' where booking_id = $1 and company_id = $2 and status = 'open'`, [event.bookingId, event.companyId]);
    }
  });

  // The booking page's "pay" action: the open checkout (made now when there is none) and the customer's link.
  app.post(
    '/payment/bookings/:Id/checkout',
    { config: { permission: { area: 'bookings', action: 'write' } }, schema: { params: ref('PaymentBookingId'), response: { 200: ref('PaymentCheckout') } } },
    async (request) => openCheckout(app, request.ctx.companyId, (request.params as PaymentBookingId).Id, request.ctx.lang),
  );

  const byToken = (token: string) =>
    app.db.one<{ company_id: number; booking_id: number; country_id: string }>(
      'select l.company_id, l.booking_id, c.country_id from payment_links l join companies c on c.id = l.company_id where l.token = $1',
      [token],
    );

  // The customer's link: straight to the provider's checkout.
  app.get('/payment/pay/:Token', { config: { public: true }, schema: { params: ref('PaymentLinkToken') } }, async (request, reply) => {
    const link = await byToken((request.params as PaymentLinkToken).Token);
    if (!link) throw ApiError.notFound(words.link.en, '');
    const lang = languageOfCountry(link.country_id);
    try {
      const c = await openCheckout(app, link.company_id, link.booking_id);
      return reply.redirect(c.Url, 303);
    } catch (err) {
      if (err instanceof ApiError && err.statusCode < 500 && err.statusCode !== 404) return page(reply, lang, words.nothingTitle[lang], words.nothingText[lang], undefined, 409);
      return page(reply, lang, words.unavailableTitle[lang], words.unavailableText[lang], undefined, 503);
    }
  });

  app.get('/payment/pay/:Token/done', { config: { public: true }, schema: { params: ref('PaymentLinkToken') } }, async (request, reply) => {
    const link = await byToken((request.params as PaymentLinkToken).Token);
    if (!link) throw ApiError.notFound(words.link.en, '');
    const lang = languageOfCountry(link.country_id);
    return page(reply, lang, words.paidTitle[lang], words.paidText[lang]);
  });

  app.get('/payment/pay/:Token/canceled', { config: { public: true }, schema: { params: ref('PaymentLinkToken') } }, async (request, reply) => {
    const token = (request.params as PaymentLinkToken).Token;
    const link = await byToken(token);
    if (!link) throw ApiError.notFound(words.link.en, '');
    const lang = languageOfCountry(link.country_id);
    return page(reply, lang, words.canceledTitle[lang], words.canceledText[lang], { href: `${app.config.publicUrl}/api/payment/pay/${token}`, label: words.tryAgain[lang] });
  });

  // Stripe's events, verified with the official client against the raw body.
  await app.register(async (scope) => {
    scope.addContentTypeParser('application/json', { parseAs: 'string', bodyLimit: 1024 * 1024 }, (_request, body, done) => done(null, body));
    scope.post('/payment/stripe/webhook', { config: { public: true }, schema: { response: { 200: ref('PaymentNotificationResult') } } }, async (request) => {
      const raw = typeof request.body === 'string' ? request.body : '';
      const signature = String(request.headers['stripe-signature'] ?? '');
      let event: Stripe.Event;
      try {
        event = await stripeClient(app.config).webhooks.constructEventAsync(raw, signature, app.config.stripe.webhookSecret);
      } catch (err) {
        // Logged, not stored: a refused request writes nothing.
        request.log.warn({ ip: request.ip, reason: err instanceof Error ? err.message : 'invalid', excerpt: raw.slice(0, 300) }, 'stripe webhook: forged or unsigned event refused');
        throw ApiError.field(400, 'Stripe-Signature', paymentKey('PaymentSignatureInvalid'));
      }
      return app.db.tx(async (tx): Promise<PaymentNotificationResult> => {
        const company = event.account ? await tx.one<{ company_id: number }>('select company_id from stripe_accounts where account_id = $1', [event.account]) : undefined;
        const fresh = await tx.one<{ id: number }>(
          `insert into payment_notifications (provider, event_id, event_type, company_id, verified, outcome) values ('stripe', $1, $2, $3, true, 'received')
           on conflict (provider, event_id) where verified do nothing returning id`,
          [event.id, event.type, company?.company_id ?? null],
        );
        if (!fresh) return { Received: true, Duplicate: true };
        let outcome: 'handled' | 'ignored' = 'ignored';
        if (event.type === 'checkout.session.completed' || event.type === 'checkout.session.async_payment_succeeded') {
          const session = event.data.object;
          if (session.payment_status === 'paid') {
            outcome = await recordPayment(app, tx, session.id, typeof session.payment_intent === 'string' ? session.payment_intent : (session.payment_intent?.id ?? null));
          }
        }
        await tx.query('update payment_notifications set outcome = $2 where id = $1', [fresh.id, outcome]);
        return { Received: true, Duplicate: false };
      });
    });
  });
}
