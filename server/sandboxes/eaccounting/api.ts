/**
 * The embedded Visma eAccounting API v2 (under /eaccounting-sandbox/v2): articles, customers, terms
 * of payment, customer invoice drafts (and their conversion) and customer invoices, for the sandbox
 * company the access token was granted for. Lists answer { Meta, Data } with $page and $pagesize;
 * $filter understands `Field eq 'value'`; errors are { ErrorCode, DeveloperErrorMessage, ErrorId }.
 * VAT follows each row's article (0, 6, 12 or 25 %), computed per row on the net amount and rounded
 * to the öre; invoices are numbered 1, 2, 3 … per company; drafts get their number when converted.
 */
import { randomUUID } from 'node:crypto';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { EACCOUNTING_SANDBOX_PATH, hashToken } from './identity';
import { seedTenant } from './seed';

const V2 = `${EACCOUNTING_SANDBOX_PATH}/v2`;

function vismaError(reply: FastifyReply, status: number, code: number, message: string) {
  return reply.code(status).send({ ErrorCode: code, DeveloperErrorMessage: message, ErrorId: randomUUID() });
}

interface ArticleRow {
  id: string;
  number: string;
  name: string;
  vat_percent: number;
  net_price: string;
  is_active: boolean;
}

export const articleJson = (a: ArticleRow) => ({
  Id: a.id,
  IsActive: a.is_active,
  Number: a.number,
  Name: a.name,
  NetPrice: Number(a.net_price),
  GrossPrice: Math.round(Number(a.net_price) * (100 + a.vat_percent)) / 100,
  VatRate: `${a.vat_percent}`,
  VatRatePercent: a.vat_percent / 100,
  UnitName: 'st',
});

/** A page of `items` in eAccounting's envelope. */
function listOf<T>(request: FastifyRequest, items: T[]) {
  const q = request.query as Record<string, string | undefined>;
  const size = Math.min(Math.max(Number(q.$pagesize) || 50, 1), 1000);
  const pageNo = Math.max(Number(q.$page) || 1, 1);
  const filter = /^(\w+) eq '([^']*)'$/.exec(q.$filter ?? '');
  const kept = filter ? items.filter((item) => String((item as Record<string, unknown>)[filter[1]!]) === filter[2]) : items;
  return {
    Meta: { CurrentPage: pageNo, PageSize: size, TotalNumberOfPages: Math.max(Math.ceil(kept.length / size), 1), TotalNumberOfResults: kept.length, ServerTimeUtc: new Date().toISOString() },
    Data: kept.slice((pageNo - 1) * size, pageNo * size),
  };
}

const toMinor = (value: unknown): number => Math.round(Number(value) * 100);
const toAmount = (minor: number): number => minor / 100;

interface RowInput {
  ArticleId?: unknown;
  IsTextRow?: unknown;
  Text?: unknown;
  UnitPrice?: unknown;
  Quantity?: unknown;
}

interface InvoiceInput {
  CustomerId?: unknown;
  InvoiceDate?: unknown;
  DueDate?: unknown;
  TermsOfPaymentId?: unknown;
  YourReference?: unknown;
  Rows?: RowInput[];
}

export default async function api(app: FastifyInstance): Promise<void> {
  /** The sandbox company of the request's Bearer token, or the 401 eAccounting answers. */
  async function tenantOf(request: FastifyRequest, reply: FastifyReply): Promise<string | undefined> {
    const header = request.headers.authorization ?? '';
    const token = header.startsWith('Bearer ') ? header.slice(7) : '';
    const row = token ? await app.db.one<{ tenant: string }>("select tenant from eaccounting_sandbox_tokens where token_hash = $1 and kind = 'access' and not revoked and expires_at > now()", [hashToken(token)]) : undefined;
    if (!row) {
      await vismaError(reply, 401, 4001, 'Authorization has been denied for this request. The access token is invalid, expired or revoked.');
      return undefined;
    }
    await seedTenant(app.db, row.tenant);
    return row.tenant;
  }

  app.get(`${V2}/articles`, async (request, reply) => {
    const tenant = await tenantOf(request, reply);
    if (!tenant) return reply;
    const rows = await app.db.query<ArticleRow>('select * from eaccounting_sandbox_articles where tenant = $1 order by number', [tenant]);
    return listOf(request, rows.map(articleJson));
  });

  app.get(`${V2}/termsofpayment`, async (request, reply) => {
    const tenant = await tenantOf(request, reply);
    if (!tenant) return reply;
    const rows = await app.db.query<{ id: string; name: string; number_of_days: number }>('select * from eaccounting_sandbox_terms where tenant = $1 order by number_of_days desc', [tenant]);
    return listOf(request, rows.map((t) => ({ Id: t.id, Name: t.name, NameEnglish: t.name, NumberOfDays: t.number_of_days, TermsOfPaymentTypeId: 0, AvailableForSales: true })));
  });

  app.get(`${V2}/customers`, async (request, reply) => {
    const tenant = await tenantOf(request, reply);
    if (!tenant) return reply;
    const rows = await app.db.query<{ body: Record<string, unknown> }>('select body from eaccounting_sandbox_customers where tenant = $1 order by created, id', [tenant]);
    return listOf(request, rows.map((r) => r.body));
  });

  app.post(`${V2}/customers`, async (request, reply) => {
    const tenant = await tenantOf(request, reply);
    if (!tenant) return reply;
    const b = (request.body ?? {}) as Record<string, unknown>;
    if (typeof b.Name !== 'string' || !b.Name.trim()) return vismaError(reply, 400, 4000, 'Name is required.');
    if (typeof b.IsPrivatePerson !== 'boolean') return vismaError(reply, 400, 4000, 'IsPrivatePerson is required.');
    const terms = await app.db.one('select 1 from eaccounting_sandbox_terms where tenant = $1 and id::text = $2', [tenant, String(b.TermsOfPaymentId ?? '')]);
    if (!terms) return vismaError(reply, 400, 4000, 'TermsOfPaymentId does not name terms of payment.');
    const id = randomUUID();
    const count = await app.db.one<{ n: number }>('select count(*)::int as n from eaccounting_sandbox_customers where tenant = $1', [tenant]);
    const number = typeof b.CustomerNumber === 'string' && b.CustomerNumber ? b.CustomerNumber : String(count!.n + 1);
    const body = { ...b, Id: id, CustomerNumber: number, Name: b.Name.trim(), IsActive: true };
    await app.db.query('insert into eaccounting_sandbox_customers (id, tenant, customer_number, body) values ($1, $2, $3, $4::jsonb)', [id, tenant, number, JSON.stringify(body)]);
    return reply.code(201).send(body);
  });

  /** Checks and prices an invoice body; answers the stored invoice (without number) or the error sent. */
  async function priced(tenant: string, input: InvoiceInput, reply: FastifyReply): Promise<Record<string, unknown> | undefined> {
    const customer = await app.db.one<{ body: Record<string, unknown> }>('select body from eaccounting_sandbox_customers where tenant = $1 and id::text = $2', [tenant, String(input.CustomerId ?? '')]);
    if (!customer) return void (await vismaError(reply, 400, 4000, 'CustomerId does not name a customer.'));
    const rowsIn = Array.isArray(input.Rows) ? input.Rows : [];
    if (rowsIn.length === 0) return void (await vismaError(reply, 400, 4000, 'Rows must hold at least one row.'));
    const c = customer.body;
    const termsId = String(input.TermsOfPaymentId ?? c.TermsOfPaymentId ?? '');
    const terms = await app.db.one<{ id: string; name: string; number_of_days: number }>('select * from eaccounting_sandbox_terms where tenant = $1 and id::text = $2', [tenant, termsId]);
    if (!terms) return void (await vismaError(reply, 400, 4000, 'TermsOfPaymentId does not name terms of payment.'));
    const rows: Record<string, unknown>[] = [];
    const vat = new Map<number, { net: number; vat: number }>();
    for (const [i, r] of rowsIn.entries()) {
      if (r.IsTextRow === true) {
        rows.push({ LineNumber: i, IsTextRow: true, Text: String(r.Text ?? '') });
        continue;
      }
      const article = await app.db.one<ArticleRow>('select * from eaccounting_sandbox_articles where tenant = $1 and id::text = $2 and is_active', [tenant, String(r.ArticleId ?? '')]);
      if (!article) return void (await vismaError(reply, 400, 4000, `Rows[${i}].ArticleId does not name an active article.`));
      const quantity = Number(r.Quantity ?? 1);
      const unit = toMinor(r.UnitPrice ?? article.net_price);
      if (!Number.isFinite(quantity) || quantity <= 0 || !Number.isFinite(unit)) return void (await vismaError(reply, 400, 4000, `Rows[${i}] needs a positive Quantity and a UnitPrice.`));
      const net = Math.round(unit * quantity);
      const rowVat = Math.round((net * article.vat_percent) / 100);
      const sum = vat.get(article.vat_percent) ?? { net: 0, vat: 0 };
      vat.set(article.vat_percent, { net: sum.net + net, vat: sum.vat + rowVat });
      rows.push({ LineNumber: i, ArticleId: article.id, ArticleNumber: article.number, IsTextRow: false, Text: String(r.Text ?? article.name), UnitPrice: toAmount(unit), Quantity: quantity, DiscountPercentage: 0, Amount: toAmount(net), TotalAmount: toAmount(net), VatRatePercent: article.vat_percent / 100 });
    }
    const totalNet = [...vat.values()].reduce((s, v) => s + v.net, 0);
    const totalVat = [...vat.values()].reduce((s, v) => s + v.vat, 0);
    const invoiceDate = typeof input.InvoiceDate === 'string' && /^\d{4}-\d{2}-\d{2}/.test(input.InvoiceDate) ? input.InvoiceDate.slice(0, 10) : new Date().toISOString().slice(0, 10);
    const due = typeof input.DueDate === 'string' && /^\d{4}-\d{2}-\d{2}/.test(input.DueDate) ? input.DueDate.slice(0, 10) : new Date(Date.parse(invoiceDate) + terms.number_of_days * 86_400_000).toISOString().slice(0, 10);
    return {
      CustomerId: c.Id,
      InvoiceDate: invoiceDate,
      DueDate: due,
      TermsOfPaymentId: terms.id,
      TermsOfPaymentName: terms.name,
      InvoiceCustomerName: c.Name,
      InvoiceAddress1: c.InvoiceAddress1 ?? null,
      InvoiceAddress2: c.InvoiceAddress2 ?? null,
      InvoiceCity: c.InvoiceCity ?? null,
      InvoicePostalCode: c.InvoicePostalCode ?? null,
      InvoiceCountryCode: c.InvoiceCountryCode ?? 'SE',
      ContactPersonEmail: c.EmailAddress ?? null,
      CustomerIsPrivatePerson: c.IsPrivatePerson === true,
      YourReference: typeof input.YourReference === 'string' ? input.YourReference : null,
      CurrencyCode: 'SEK',
      Rows: rows,
      TotalAmount: toAmount(totalNet + totalVat),
      TotalVatAmount: toAmount(totalVat),
      TotalAmountInvoiceCurrency: toAmount(totalNet + totalVat),
      VatSpecification: [...vat.entries()].sort(([a], [b]) => b - a).map(([pct, v]) => ({ AmountInvoiceCurrency: toAmount(v.net), VatAmountInvoiceCurrency: toAmount(v.vat), VatPercent: pct / 100 })),
      RemainingAmount: toAmount(totalNet + totalVat),
    };
  }

  /** Stores an invoice under the tenant's next number (the unique number retried on a race). */
  async function numbered(tenant: string, id: string, body: Record<string, unknown>): Promise<Record<string, unknown>> {
    return app.db.tx(async (tx) => {
      await tx.query('select pg_advisory_xact_lock(hashtext($1))', [`eaccounting-sandbox:${tenant}`]);
      const next = await tx.one<{ n: number }>("select coalesce(max(invoice_number), 0)::int + 1 as n from eaccounting_sandbox_invoices where tenant = $1 and kind = 'invoice'", [tenant]);
      const invoice = { ...body, Id: id, InvoiceNumber: next!.n, CreatedUtc: new Date().toISOString() };
      await tx.query(
        "insert into eaccounting_sandbox_invoices (id, tenant, kind, invoice_number, body) values ($1, $2, 'invoice', $3, $4::jsonb) on conflict (id) do update set kind = 'invoice', invoice_number = excluded.invoice_number, body = excluded.body",
        [id, tenant, next!.n, JSON.stringify(invoice)],
      );
      return invoice;
    });
  }

  app.get(`${V2}/customerinvoicedrafts`, async (request, reply) => {
    const tenant = await tenantOf(request, reply);
    if (!tenant) return reply;
    const rows = await app.db.query<{ body: Record<string, unknown> }>("select body from eaccounting_sandbox_invoices where tenant = $1 and kind = 'draft' order by created, id", [tenant]);
    return listOf(request, rows.map((r) => r.body));
  });

  app.post(`${V2}/customerinvoicedrafts`, async (request, reply) => {
    const tenant = await tenantOf(request, reply);
    if (!tenant) return reply;
    const body = await priced(tenant, (request.body ?? {}) as InvoiceInput, reply);
    if (!body) return reply;
    const id = randomUUID();
    const draft = { ...body, Id: id, CreatedUtc: new Date().toISOString() };
    await app.db.query("insert into eaccounting_sandbox_invoices (id, tenant, kind, body) values ($1, $2, 'draft', $3::jsonb)", [id, tenant, JSON.stringify(draft)]);
    return reply.code(201).send(draft);
  });

  app.post(`${V2}/customerinvoicedrafts/:id/convert`, async (request, reply) => {
    const tenant = await tenantOf(request, reply);
    if (!tenant) return reply;
    const { id } = request.params as { id: string };
    const draft = await app.db.one<{ body: Record<string, unknown> }>("select body from eaccounting_sandbox_invoices where tenant = $1 and id::text = $2 and kind = 'draft'", [tenant, id]);
    if (!draft) return vismaError(reply, 404, 4004, 'The invoice draft was not found.');
    return reply.code(201).send(await numbered(tenant, id, draft.body));
  });

  app.get(`${V2}/customerinvoices`, async (request, reply) => {
    const tenant = await tenantOf(request, reply);
    if (!tenant) return reply;
    const rows = await app.db.query<{ body: Record<string, unknown> }>("select body from eaccounting_sandbox_invoices where tenant = $1 and kind = 'invoice' order by invoice_number desc", [tenant]);
    return listOf(request, rows.map((r) => r.body));
  });

  app.get(`${V2}/customerinvoices/:id`, async (request, reply) => {
    const tenant = await tenantOf(request, reply);
    if (!tenant) return reply;
    const { id } = request.params as { id: string };
    const row = await app.db.one<{ body: Record<string, unknown> }>("select body from eaccounting_sandbox_invoices where tenant = $1 and id::text = $2 and kind = 'invoice'", [tenant, id]);
    return row ? row.body : vismaError(reply, 404, 4004, 'The invoice was not found.');
  });

  app.post(`${V2}/customerinvoices`, async (request, reply) => {
    const tenant = await tenantOf(request, reply);
    if (!tenant) return reply;
    const body = await priced(tenant, (request.body ?? {}) as InvoiceInput, reply);
    if (!body) return reply;
    return reply.code(201).send(await numbered(tenant, randomUUID(), body));
  });
}
