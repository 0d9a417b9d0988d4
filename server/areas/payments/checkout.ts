/**
 * A customer pays a booking (issue 32), at whichever provider the company's payment settings name
 * (providers.ts): a booking that awaits payment gets a pay link (/api/payment/pay/{Token}, for the
 * confirmation, the payment request mail and the booking page) and, after the commit through the
 * outbox, a checkout at the provider for what is left to pay, or the deposit. The link sends the
 * browser to the provider's page (Stripe, Billmate) or shows the provider's embedded checkout
 * (Payson). The provider's notification (notifications.ts) writes the payment. A refund written in the
 * booking's payment log is made at the provider, and a booking canceled, declined or released closes
 * its open checkouts there, both through the outbox.
 */
import { randomBytes } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import type { PaymentBookingId, PaymentCheckout, PaymentLinkToken } from '../../../schema/payments';
import type { Db } from '../../db/db';
import { STATUS, isActive } from '../../../domain/bookings';
import { ApiError } from '../../shared/errors';
import { fill, type Lang } from '../../shared/messages';
import { customerLanguage } from '../../shared/context';
import { ref } from '../../shared/schemas';
import { paymentKey, words } from './messages';
import { embeddedPage, page } from './payPages';
import { LABELS, ProviderRefusal, providerApiError, type ProviderName, type CheckoutProvider } from './provider';
import { chooseProvider, providerNamed } from './providers';
import { loadPaymentSettings } from './settings';

export const CHECKOUT_KIND = 'payment_checkout';
export const REFUND_KIND = 'payment_refund';
export const EXPIRE_KIND = 'payment_expire';
/** Settles a written payment at its provider (CheckoutProvider.settle). */
export const SETTLE_KIND = 'payment_settle';

/** Statuses in which a booking waits for the customer's payment. */
export const AWAITING: readonly number[] = [STATUS.AwaitingPayment, STATUS.AwaitingPaymentNoTimeLimit, STATUS.AwaitingPaymentFromProvider];

export interface BookingRow {
  id: number;
  status_id: number;
  total: number;
  vat: number;
  paid: number;
  currency_id: string | null;
  service_name: string;
  is_payment_enabled: boolean;
  email: string | null;
  country_id: string;
  homepage: string | null;
}

export async function loadBooking(db: Db, companyId: number, bookingId: number, lock = false): Promise<BookingRow | undefined> {
  return db.one<BookingRow>(
    `select b.id, b.status_id, b.total_price_minor::float8 as total, b.total_vat_minor::float8 as vat, b.paid_minor::float8 as paid, coalesce(b.currency_id, 'SEK') as currency_id,
            s.name as service_name, s.is_payment_enabled, cu.email, co.country_id, co.homepage
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

/** An open checkout as the API answers it, with what the pay link needs besides. */
export type OpenCheckout = PaymentCheckout & { provider: ProviderName; sessionId: string; title: string };

/**
 * The open checkout for what the booking asks now, made at the company's provider when there is none.
 * Throws 400 when nothing is left to pay, the booking cannot be paid or no provider is set up, 400/503
 * with the provider's text when the provider refuses or is down.
 */
export async function openCheckout(app: FastifyInstance, companyId: number, bookingId: number, lang: Lang = 'en'): Promise<OpenCheckout> {
  const b = await loadBooking(app.db, companyId, bookingId);
  if (!b) throw ApiError.notFound(words.booking[lang], bookingId);
  if (!isActive(b.status_id) || b.status_id === STATUS.Payed) throw ApiError.field(400, 'Id', paymentKey('PaymentBookingNotPayable'));
  const { amount, deposit } = await amountToAsk(app.db, companyId, b);
  if (amount <= 0) throw ApiError.field(400, 'Id', paymentKey('PaymentNothingToPay'));
  const provider = await chooseProvider(app.db, companyId);
  if (!provider) throw ApiError.field(400, 'Provider', paymentKey('PaymentNoProvider'));
  const token = await linkOf(app.db, companyId, bookingId);
  const payUrl = `${app.config.publicUrl}/api/payment/pay/${token}`;
  const currency = (b.currency_id ?? 'SEK').toUpperCase();
  const answer = (sessionId: string, url: string): OpenCheckout => ({
    BookingId: bookingId,
    Provider: LABELS[provider.name],
    Url: url,
    PayUrl: payUrl,
    Amount: amount / 100,
    CurrencyId: currency,
    Deposit: deposit,
    provider: provider.name,
    sessionId,
    title: b.service_name,
  });
  const open = await app.db.one<{ session_id: string; url: string }>(
    `select session_id, url from payment_checkouts where company_id = $1 and booking_id = $2 and provider = $3 and status = 'open' and amount_minor = $4
        and created > now() - interval '23 hours' order by id desc limit 1`,
    [companyId, bookingId, provider.name, amount],
  );
  if (open) return answer(open.session_id, open.url);
  const attempt = await app.db.one<{ n: number }>('select count(*)::int + 1 as n from payment_checkouts where company_id = $1 and booking_id = $2', [companyId, bookingId]);
  let opened;
  try {
    opened = await provider.create(app, companyId, {
      companyId,
      bookingId,
      amount,
      vat: b.total > 0 ? Math.round((amount * b.vat) / b.total) : 0,
      currency,
      deposit,
      title: b.service_name,
      email: b.email,
      lang: await customerLanguage(app.db, companyId),
      payUrl,
      reference: `B${bookingId}-${attempt!.n}`,
      termsUrl: b.homepage && /^https?:\/\//.test(b.homepage) ? b.homepage : app.config.publicUrl,
    });
  } catch (err) {
    throw providerApiError(err);
  }
  // A provider whose checkout is embedded is paid on the pay link's own page.
  const url = opened.url ?? payUrl;
  await app.db.query(
    `insert into payment_checkouts (company_id, booking_id, provider, session_id, url, amount_minor, currency_id, deposit) values ($1, $2, $3, $4, $5, $6, $7, $8)`,
    [companyId, bookingId, provider.name, opened.id, url, amount, currency, deposit],
  );
  return answer(opened.id, url);
}

/** Whether a new booking asks its customer to pay (status awaiting payment, the company's settings, the service's flag, a provider set up). */
async function asksForPayment(tx: Db, companyId: number, bookingId: number): Promise<boolean> {
  const b = await loadBooking(tx, companyId, bookingId);
  if (!b || !AWAITING.includes(b.status_id) || b.total <= b.paid) return false;
  const settings = await loadPaymentSettings(tx, companyId);
  if (settings.Requirement === 'None') return false;
  if (settings.OnlyServicesWithPayment && !b.is_payment_enabled) return false;
  return (await chooseProvider(tx, companyId)) !== null;
}

const formatAmount = (amount: number, currency: string, lang: Lang) =>
  new Intl.NumberFormat({ sv: 'sv-SE', en: 'en-GB', fi: 'fi-FI', no: 'nb-NO' }[lang], { style: 'currency', currency }).format(amount);

/** Whether a call failed before any of it reached the provider (the connection was refused, the name not found). */
function neverSent(err: unknown): boolean {
  const code = (err as { cause?: { code?: string } } | null)?.cause?.code;
  return code === 'ECONNREFUSED' || code === 'ENOTFOUND' || code === 'EAI_AGAIN';
}

export default async function checkout(app: FastifyInstance): Promise<void> {
  app.outbox.handle(CHECKOUT_KIND, async (payload, entry) => {
    try {
      await openCheckout(app, entry.companyId!, Number(payload.bookingId));
    } catch (err) {
      // Nothing to pay any more (paid, canceled), no provider, or the provider refused: nothing to retry.
      if (err instanceof ApiError && err.statusCode < 500) return;
      throw err;
    }
  });

  // A refund's status: queued, sending (a try under way, or one whose answer was lost), succeeded,
  // failed (the provider said no, its words in message) or unknown (see refundsRetrySafely).
  app.outbox.handle(REFUND_KIND, async (payload) => {
    const row = await app.db.one<{ booking_payment_id: number; company_id: number; amount: number; provider: string; session_id: string; payment_intent: string | null; before: number; status: string }>(
      `select r.booking_payment_id, r.company_id, r.amount_minor::float8 as amount, c.provider, c.session_id, c.payment_intent, r.status,
              (select coalesce(sum(x.amount_minor), 0) from payment_refunds x where x.checkout_id = r.checkout_id and x.status = 'succeeded')::float8 as before
         from payment_refunds r join payment_checkouts c on c.id = r.checkout_id
        where r.booking_payment_id = $1 and r.status in ('queued', 'sending')`,
      [Number(payload.bookingPaymentId)],
    );
    if (!row) return;
    const provider = providerNamed(row.provider);
    const setStatus = (status: string, message: string | null = null, refundId: string | null = null) =>
      app.db.query(`update payment_refunds set status = $2, message = $3, provider_refund_id = coalesce($4, provider_refund_id), updated = now() where booking_payment_id = $1`, [
        row.booking_payment_id,
        status,
        message,
        refundId,
      ]);
    if (row.status === 'sending' && !provider.refundsRetrySafely) {
      // An earlier try may have reached the provider: sending it again could refund twice.
      await setStatus('unknown');
      return;
    }
    await setStatus('sending');
    let refundId: string;
    try {
      refundId = await provider.refund(
        app,
        row.company_id,
        { id: row.session_id, paymentRef: row.payment_intent },
        { amount: row.amount, before: row.before, key: String(row.booking_payment_id) },
      );
    } catch (err) {
      if (err instanceof ProviderRefusal) {
        await setStatus('failed', err.message);
        return;
      }
      // Nothing left this machine (no connection was made): the try may simply be made again.
      if (neverSent(err)) await setStatus('queued');
      throw err;
    }
    await setStatus('succeeded', null, refundId);
  });

  /**
   * An outbox entry that asks the checkout's provider for one thing; a refusal (its own words) is
   * logged, not retried: the checkout was paid or closed meanwhile, or a person sees it there.
   */
  const atProvider = (kind: string, call: (provider: CheckoutProvider, companyId: number, sessionId: string) => Promise<void>, refused: string, level: 'info' | 'warn') =>
    app.outbox.handle(kind, async (payload) => {
      const row = await app.db.one<{ company_id: number; provider: string; session_id: string }>('select company_id, provider, session_id from payment_checkouts where id = $1', [Number(payload.checkoutId)]);
      if (!row) return;
      try {
        await call(providerNamed(row.provider), row.company_id, row.session_id);
      } catch (err) {
        if (!(err instanceof ProviderRefusal)) throw err;
        app.log[level]({ checkoutId: payload.checkoutId, reason: err.message }, refused);
      }
    });
  // Paid or closed in the meantime: a payment that came through is written by its notification.
  atProvider(EXPIRE_KIND, (provider, companyId, id) => provider.expire(app, companyId, id), 'payment checkout not expired at the provider', 'info');
  // Its credentials removed, the order changed there: a person sees it there.
  atProvider(SETTLE_KIND, async (provider, companyId, id) => provider.settle?.(app, companyId, id), 'payment not settled at the provider', 'warn');

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
      // Closed here at once, and at the provider after the commit: its page then refuses payment.
      const closed = await tx.query<{ id: number }>(`update payment_checkouts set status = 'expired' where booking_id = $1 and company_id = $2 and status = 'open' returning id`, [
        event.bookingId,
        event.companyId,
      ]);
      for (const c of closed) {
        await app.outbox.add(tx, { companyId: event.companyId, kind: EXPIRE_KIND, key: `checkout:${c.id}:expire`, payload: { checkoutId: c.id } });
      }
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

  // The customer's link: to the provider's checkout, or the provider's checkout embedded here.
  app.get('/payment/pay/:Token', { config: { public: true }, schema: { params: ref('PaymentLinkToken') } }, async (request, reply) => {
    const link = await byToken((request.params as PaymentLinkToken).Token);
    if (!link) throw ApiError.notFound(words.link.en, '');
    const lang = await customerLanguage(app.db, link.company_id);
    try {
      for (let tries = 0; tries < 2; tries++) {
        const c = await openCheckout(app, link.company_id, link.booking_id);
        if (c.Url !== c.PayUrl) return reply.redirect(c.Url, 303);
        const state = await providerNamed(c.provider).read(app, link.company_id, c.sessionId);
        if (state.status === 'paid') return page(reply, lang, words.paidTitle[lang], words.paidText[lang]);
        if (state.status === 'open' && state.snippet) {
          const intro = fill(words.payIntro[lang], { service: c.title, amount: formatAmount(c.Amount, c.CurrencyId, lang) });
          return embeddedPage(reply, lang, { title: words.payTitle[lang], intro, snippet: state.snippet });
        }
        // Closed at the provider (it lets checkouts run out): a new one.
        await app.db.query(`update payment_checkouts set status = 'expired' where provider = $1 and session_id = $2 and company_id = $3 and status = 'open'`, [c.provider, c.sessionId, link.company_id]);
      }
      throw new Error('the provider closed two checkouts in a row');
    } catch (err) {
      if (err instanceof ApiError && err.errors.some((e) => e.FieldName === 'Id')) return page(reply, lang, words.nothingTitle[lang], words.nothingText[lang], undefined, 409);
      request.log.warn({ err }, 'pay link: no checkout at the provider');
      return page(reply, lang, words.unavailableTitle[lang], words.unavailableText[lang], undefined, 503);
    }
  });

  app.get('/payment/pay/:Token/done', { config: { public: true }, schema: { params: ref('PaymentLinkToken') } }, async (request, reply) => {
    const link = await byToken((request.params as PaymentLinkToken).Token);
    if (!link) throw ApiError.notFound(words.link.en, '');
    const lang = await customerLanguage(app.db, link.company_id);
    return page(reply, lang, words.paidTitle[lang], words.paidText[lang]);
  });

  app.get('/payment/pay/:Token/canceled', { config: { public: true }, schema: { params: ref('PaymentLinkToken') } }, async (request, reply) => {
    const token = (request.params as PaymentLinkToken).Token;
    const link = await byToken(token);
    if (!link) throw ApiError.notFound(words.link.en, '');
    const lang = await customerLanguage(app.db, link.company_id);
    return page(reply, lang, words.canceledTitle[lang], words.canceledText[lang], { href: `${app.config.publicUrl}/api/payment/pay/${token}`, label: words.tryAgain[lang] });
  });
}
