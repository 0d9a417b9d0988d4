/**
 * Invoicing bookings (issue 35): POST /eaccounting/invoice (as the settings' default create type
 * says: a draft, or an invoice) and POST /eaccounting/invoicedraft, for one booking or a selection
 * (one invoice per customer). Rows come from the bookings' price lines: a text row naming the
 * service and time, then each line with its price's article (or the default article of its VAT
 * rate), net unit price in öre, VAT per row by the article. A booking already invoiced (or on its
 * way) answers 409 naming BookingIds, which the admin turns into a confirm; Force invoices again.
 * Each invoice is written pending with its outbox entry in one transaction, then tried at once; a
 * slow or unreachable provider leaves it to the outbox's retries, and GET /eaccounting/notes shows
 * it pending, done (number and link) or failed (the provider's message).
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { EAccountingCreateType as CreateType, EAccountingInvoiceInput, EAccountingInvoiceNote as InvoiceNote, EAccountingNotesQuery } from '../../../schema/eaccounting';
import { page, ref } from '../../shared/schemas';
import { requirePlanArea } from '../../shared/planLimits';
import { ApiError, checkFieldsWhenRefused } from '../../shared/errors';
import { call, ProviderRefused, ProviderUnreachable, refuseUnconnected } from './client';
import { eaccountingKey, words } from './messages';
import { settingsOf, toInvoice } from './settings';

export const EACCOUNTING_INVOICE = 'eaccounting_invoice';
/** How long the request waits for the provider before answering "pending" (the outbox carries on). */
const INLINE_WAIT_MS = 8_000;

interface LineRow {
  booking_id: number;
  customer_id: number | null;
  price_id: number | null;
  quantity: number;
  price_minor: string;
  vat_minor: string;
  vat: string;
  text: string;
  service: string;
  starts: string;
}

interface InvoiceRequest {
  customer: { CustomerNumber: string; Name: string; EmailAddress: string | null; InvoiceAddress1: string | null; InvoiceAddress2: string | null; InvoiceCity: string | null; InvoicePostalCode: string | null; InvoiceCountryCode: string; IsPrivatePerson: boolean };
  termsOfPaymentId: string | null;
  rows: { IsTextRow: boolean; Text: string; ArticleId?: string; Quantity?: number; UnitPrice?: number }[];
  yourReference: string;
}

interface RecordRow {
  id: number;
  company_id: number;
  booking_ids: number[];
  customer_id: number | null;
  create_type: CreateType;
  state: 'pending' | 'done' | 'failed';
  request: InvoiceRequest | string;
  answer: Record<string, unknown> | string | null;
  invoice_id: string | null;
  invoice_number: string | null;
  last_error: string | null;
  created: Date | string;
}

const json = <T>(v: T | string): T => (typeof v === 'string' ? (JSON.parse(v) as T) : v);

/** One price line as invoice rows' quantity and net unit price (öre): whole units when they divide evenly, else one row of the line's total. */
function netRow(line: LineRow): { Quantity: number; unit: number; Text: string } {
  const net = Number(line.price_minor) - Number(line.vat_minor);
  const text = line.text || line.service;
  if (line.quantity > 0 && net % line.quantity === 0) return { Quantity: line.quantity, unit: net / line.quantity, Text: text };
  return { Quantity: 1, unit: net, Text: `${line.quantity} × ${text}` };
}

export function toNote(publicUrl: string, r: RecordRow): InvoiceNote {
  const answer = r.answer ? json<Record<string, unknown>>(r.answer) : null;
  const invoice = answer ? toInvoice(publicUrl, answer, r.create_type === 'Draft') : undefined;
  return {
    Id: r.id,
    BookingIds: r.booking_ids.map(Number),
    CustomerId: r.customer_id,
    CreateType: r.create_type,
    State: r.state,
    InvoiceNumber: r.invoice_number,
    InvoiceUri: invoice?.InvoiceUri ?? null,
    Message: r.last_error,
    CreatedDate: new Date(r.created).toISOString(),
    ...(invoice ? { Invoice: invoice } : {}),
  };
}

/** Creates the invoice of one record at the provider, once: claimed for 90 s, so an inline try and the outbox never send it twice. */
async function deliver(app: FastifyInstance, id: number, lastAttempt: boolean): Promise<void> {
  const r = await app.db.one<RecordRow>(
    "update eaccounting_invoices set claimed_until = now() + interval '90 seconds' where id = $1 and state = 'pending' and (claimed_until is null or claimed_until < now()) returning *",
    [id],
  );
  if (!r) {
    const still = await app.db.one("select 1 from eaccounting_invoices where id = $1 and state = 'pending'", [id]);
    if (still) throw new Error(`eaccounting invoice ${id} is being sent by another worker`);
    return;
  }
  const finish = (state: 'done' | 'failed' | 'pending', fields: { answer?: unknown; invoiceId?: string; number?: string | null; error?: string | null }) =>
    app.db.query(
      `update eaccounting_invoices set state = $2, answer = coalesce($3::jsonb, answer), invoice_id = coalesce($4, invoice_id), invoice_number = coalesce($5, invoice_number),
         last_error = $6, claimed_until = null, updated = now() where id = $1`,
      [id, state, fields.answer === undefined ? null : JSON.stringify(fields.answer), fields.invoiceId ?? null, fields.number ?? null, fields.error ?? null],
    );
  const req = json<InvoiceRequest>(r.request);
  try {
    const found = await call<{ Data?: { Id: string }[] }>(app, r.company_id, 'GET', `/customers?$filter=${encodeURIComponent(`CustomerNumber eq '${req.customer.CustomerNumber}'`)}`);
    let customerId = found.Data?.[0]?.Id;
    let terms = req.termsOfPaymentId;
    if (!terms) terms = (await call<{ Data?: { Id: string }[] }>(app, r.company_id, 'GET', '/termsofpayment')).Data?.[0]?.Id ?? null;
    if (!customerId) customerId = (await call<{ Id: string }>(app, r.company_id, 'POST', '/customers', { ...req.customer, TermsOfPaymentId: terms })).Id;
    const body = {
      CustomerId: customerId,
      InvoiceDate: new Date().toISOString().slice(0, 10),
      TermsOfPaymentId: terms,
      YourReference: req.yourReference,
      Rows: req.rows.map((row) => (row.IsTextRow ? { IsTextRow: true, Text: row.Text } : { ...row, UnitPrice: (row.UnitPrice ?? 0) / 100 })),
    };
    const made = await call<Record<string, unknown>>(app, r.company_id, 'POST', r.create_type === 'Draft' ? '/customerinvoicedrafts' : '/customerinvoices', body);
    await finish('done', { answer: made, invoiceId: String(made.Id), number: made.InvoiceNumber === undefined || made.InvoiceNumber === null ? null : String(made.InvoiceNumber) });
  } catch (err) {
    if (err instanceof ProviderUnreachable && !lastAttempt) {
      await finish('pending', { error: err.message });
      throw err;
    }
    const message = err instanceof ProviderRefused || err instanceof ProviderUnreachable ? err.message : err instanceof ApiError ? 'The connection to eAccounting has expired or was revoked.' : String(err);
    await finish('failed', { error: message.slice(0, 500) });
    if (!(err instanceof ProviderRefused || err instanceof ProviderUnreachable || err instanceof ApiError)) throw err;
  }
}

export default async function invoicing(app: FastifyInstance): Promise<void> {
  app.outbox.handle(EACCOUNTING_INVOICE, async (payload, entry) => {
    const attempts = await app.db.one<{ last: boolean }>('select attempts + 1 >= max_attempts as last from outbox where id = $1', [entry.id]);
    await deliver(app, Number(payload.invoiceId), attempts?.last ?? false);
  });

  async function invoice(request: FastifyRequest, createType: CreateType) {
    const { ctx } = request;
    const { BookingIds, Force } = request.body as EAccountingInvoiceInput;
    const settings = await settingsOf(app, ctx.companyId);
    if (!settings.Active) throw ApiError.field(400, 'Active', eaccountingKey('EAccountingNotActive'));
    const connection = await app.db.one<{ state: string }>('select state from eaccounting_connections where company_id = $1', [ctx.companyId]);
    if (!connection) throw ApiError.field(400, 'EAccounting', eaccountingKey('EAccountingNotAuthenticated'));
    if (connection.state !== 'connected') throw ApiError.field(400, 'EAccounting', eaccountingKey('EAccountingConnectionLost'));
    const ids = [...new Set(BookingIds)];
    const zone = ctx.timeZone.replace(/'/g, "''");
    const bookings = await app.db.query<{ id: number; customer_id: number | null; service: string; starts: string }>(
      `select b.id, b.customer_id, s.name as service, to_char(b.starts_at at time zone '${zone}', 'YYYY-MM-DD HH24:MI') as starts
         from bookings b join services s on s.id = b.service_id where b.company_id = $1 and b.id = any($2::int[]) order by b.starts_at, b.id`,
      [ctx.companyId, ids],
    );
    const missing = ids.find((id) => !bookings.some((b) => b.id === id));
    if (missing !== undefined) throw ApiError.notFound(words.booking[ctx.lang], missing);
    if (!Force) {
      const earlier = await app.db.one<{ booking: number; invoice_number: string | null; state: string }>(
        "select (select x from unnest(booking_ids) x where x = any($2::int[]) limit 1) as booking, invoice_number, state from eaccounting_invoices where company_id = $1 and booking_ids && $2::int[] and state <> 'failed' order by id limit 1",
        [ctx.companyId, ids],
      );
      if (earlier) throw ApiError.conflict('BookingIds', eaccountingKey('EAccountingAlreadyInvoiced'), { bookingId: earlier.booking, invoice: earlier.invoice_number ?? earlier.state });
    }
    const noCustomer = bookings.find((b) => b.customer_id === null);
    if (noCustomer) throw ApiError.field(400, 'BookingIds', eaccountingKey('EAccountingNoCustomer'), { bookingId: noCustomer.id });
    const lines = await app.db.query<LineRow>(
      `select q.booking_id, q.price_id, q.quantity, q.price_minor, q.vat_minor, q.vat, coalesce(nullif(q.price_text, ''), nullif(q.category, ''), '') as text
         from booking_quantities q where q.company_id = $1 and q.booking_id = any($2::int[]) and q.quantity > 0 order by q.booking_id, q.sort_order, q.id`,
      [ctx.companyId, ids],
    );
    const mapped = new Map(
      (await app.db.query<{ price_id: number; external_reference: string }>('select price_id, external_reference from eaccounting_price_mappings where company_id = $1', [ctx.companyId])).map((m) => [m.price_id, m.external_reference]),
    );
    const byCustomer = new Map<number, InvoiceRequest['rows']>();
    for (const b of bookings) {
      const own = lines.filter((l) => l.booking_id === b.id);
      if (own.length === 0) throw ApiError.field(400, 'BookingIds', eaccountingKey('EAccountingNoLines'), { bookingId: b.id });
      const rows = byCustomer.get(b.customer_id!) ?? [];
      rows.push({ IsTextRow: true, Text: `${b.service}, ${b.starts}` });
      for (const line of own) {
        const vat = Math.round(Number(line.vat));
        const article = (line.price_id !== null ? mapped.get(line.price_id) : undefined) ?? (settings as unknown as Record<string, string | null>)[`DefaultArticle${vat}PercentVat`];
        if (!article) throw ApiError.field(400, 'BookingIds', eaccountingKey('EAccountingNoArticle'), { bookingId: b.id, text: line.text || b.service, vat });
        const net = netRow({ ...line, service: b.service });
        rows.push({ IsTextRow: false, ArticleId: article, Text: net.Text, Quantity: net.Quantity, UnitPrice: net.unit });
      }
      byCustomer.set(b.customer_id!, rows);
    }
    const customers = await app.db.query<{ id: number; firstname: string; lastname: string; email: string | null; corporate_identity_number: string | null; invoice_address1: string | null; invoice_address2: string | null; invoice_city: string | null; invoice_postal_code: string | null; invoice_country_code: string | null }>(
      'select id, firstname, lastname, email, corporate_identity_number, invoice_address1, invoice_address2, invoice_city, invoice_postal_code, invoice_country_code from customers where company_id = $1 and id = any($2::int[])',
      [ctx.companyId, [...byCustomer.keys()]],
    );
    const made = await app.db.tx(async (tx) => {
      const out: number[] = [];
      for (const [customerId, rows] of byCustomer) {
        const c = customers.find((x) => x.id === customerId)!;
        const bookingIds = bookings.filter((b) => b.customer_id === customerId).map((b) => b.id);
        const req: InvoiceRequest = {
          customer: {
            CustomerNumber: `B${c.id}`,
            Name: `${c.firstname} ${c.lastname}`.trim() || `#${c.id}`,
            EmailAddress: c.email,
            InvoiceAddress1: c.invoice_address1,
            InvoiceAddress2: c.invoice_address2,
            InvoiceCity: c.invoice_city,
            InvoicePostalCode: c.invoice_postal_code,
            InvoiceCountryCode: c.invoice_country_code || 'SE',
            IsPrivatePerson: !c.corporate_identity_number,
          },
          termsOfPaymentId: settings.DefaultTermsOfPaymentId,
          rows,
          yourReference: bookingIds.map((id) => `#${id}`).join(', '),
        };
        const row = await tx.one<{ id: number }>('insert into eaccounting_invoices (company_id, booking_ids, customer_id, create_type, request) values ($1, $2::int[], $3, $4, $5::jsonb) returning id', [
          ctx.companyId,
          bookingIds,
          customerId,
          createType,
          JSON.stringify(req),
        ]);
        await app.outbox.add(tx, { companyId: ctx.companyId, kind: EACCOUNTING_INVOICE, key: `eaccounting-invoice:${row!.id}`, payload: { invoiceId: row!.id } });
        out.push(row!.id);
      }
      return out;
    });
    // Tried at once; what is not done within the wait stays pending for the outbox.
    await Promise.race([Promise.allSettled(made.map((id) => deliver(app, id, false))), new Promise((resolve) => setTimeout(resolve, INLINE_WAIT_MS).unref())]);
    const records = await app.db.query<RecordRow>('select * from eaccounting_invoices where id = any($1::int[]) order by id', [made]);
    return { Offset: 0, Total: records.length, Results: records.map((r) => toNote(app.config.publicUrl, r)) };
  }

  // In the order invoice() checks them, so a request refused for its fields names the same state as one refused for the state alone.
  const connectionEarly = checkFieldsWhenRefused(async (request, refuse) => {
    if (!(await settingsOf(app, request.ctx.companyId)).Active) refuse('Active', eaccountingKey('EAccountingNotActive'));
    else await refuseUnconnected(app.db, request.ctx.companyId, refuse);
  });
  app.post('/eaccounting/invoice', { preValidation: connectionEarly, preHandler: requirePlanArea('accounting'), schema: { body: ref('EAccountingInvoiceInput'), response: { 200: page('EAccountingInvoiceNote') } } }, async (request) => invoice(request, (await settingsOf(app, request.ctx.companyId)).DefaultCreateType));
  app.post('/eaccounting/invoicedraft', { preValidation: connectionEarly, preHandler: requirePlanArea('accounting'), schema: { body: ref('EAccountingInvoiceInput'), response: { 200: page('EAccountingInvoiceNote') } } }, async (request) => invoice(request, 'Draft'));

  app.get('/eaccounting/notes', { schema: { querystring: ref('EAccountingNotesQuery'), response: { 200: page('EAccountingInvoiceNote') } } }, async (request) => {
    const q = request.query as EAccountingNotesQuery;
    const where = q.BookingId ? 'and $2::int = any(booking_ids)' : 'and $2::int is null';
    const params = [request.ctx.companyId, q.BookingId ?? null, q.Take ?? 25, q.Skip ?? 0];
    const rows = await app.db.query<RecordRow>(`select * from eaccounting_invoices where company_id = $1 ${where} order by id desc limit $3 offset $4`, params);
    const total = await app.db.one<{ n: number }>(`select count(*)::int as n from eaccounting_invoices where company_id = $1 ${where}`, params.slice(0, 2));
    return { Offset: q.Skip ?? 0, Total: total!.n, Results: rows.map((r) => toNote(app.config.publicUrl, r)) };
  });
}
