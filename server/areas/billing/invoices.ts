import type { FastifyInstance } from 'fastify';
import type { Db } from '../../db/db';
import type { BillingInformation } from '../../../schema/company';
import type { CompanyInvoice } from '../../../schema/licenses';
import { page, ref } from '../../shared/schemas';
import { idParams } from '../../autoquery/index';
import { ApiError } from '../../shared/errors';
import { localTime } from '../../shared/fieldErrors';
import { invoicePdf } from './invoicePdf';

/** An invoice as the wire shows it, with the billing details it was made out to (for its PDF). */
type InvoiceRow = CompanyInvoice & { BillingSnapshot: BillingInformation };

/** The company's invoices, newest period first, read under their wire names (amounts in minor units). */
async function loadInvoices(db: Db, companyId: number, tz: string, id: number | null, skip: number, take: number): Promise<{ total: number; rows: InvoiceRow[] }> {
  const rows = await db.query<InvoiceRow>(
    `select i.id as "Id", i.invoice_number as "InvoiceNumber", to_char(i.period_from, 'YYYY-MM-DD') as "PeriodFrom", to_char(i.period_to, 'YYYY-MM-DD') as "PeriodTo",
            i.currency_id as "CurrencyId", i.net_minor::float8 as "NetAmount", i.vat_minor::float8 as "VatAmount", i.total_minor::float8 as "TotalAmount",
            (i.vat_rate_permille / 10.0)::float8 as "VatPercent", i.status as "Status", ${localTime('i.created', '$2')} as "Created",
            to_char(i.due_date, 'YYYY-MM-DD') as "DueDate", i.billing_snapshot as "BillingSnapshot",
            coalesce((select json_agg(json_build_object('Text', r.text, 'Quantity', r.quantity, 'UnitPrice', r.unit_price_minor, 'Amount', r.amount_minor) order by r.id)
                        from invoice_rows r where r.invoice_id = i.id), '[]') as "Rows"
       from invoices i where i.company_id = $1 and ($3::int is null or i.id = $3)
      order by i.period_from desc, i.id desc offset $4 limit $5`,
    [companyId, tz, id, skip, take],
  );
  const total = (await db.one<{ n: number }>('select count(*)::int as n from invoices where company_id = $1 and ($2::int is null or id = $2)', [companyId, id]))!.n;
  return { total, rows };
}

/** The invoice without the billing details it carries for its PDF. */
function toInvoice({ BillingSnapshot: _snapshot, ...invoice }: InvoiceRow): CompanyInvoice {
  return invoice;
}

/** The company's license invoices: GET /billing/company/invoices and one as a PDF at /billing/company/invoices/{Id}. */
export default async function invoiceRoutes(app: FastifyInstance): Promise<void> {
  const { db } = app;

  app.get<{ Querystring: { Id?: number; Skip?: number; Take?: number } }>('/billing/company/invoices', { schema: { querystring: ref('CompanyInvoiceQuery'), response: { 200: page('CompanyInvoice') } } }, async (request) => {
    const skip = request.query.Skip ?? 0;
    const { total, rows } = await loadInvoices(db, request.ctx.companyId, request.ctx.timeZone, request.query.Id ?? null, skip, Math.min(request.query.Take ?? 100, 1000));
    return { Offset: skip, Total: total, Results: rows.map(toInvoice) };
  });

  app.get<{ Params: { Id: number } }>('/billing/company/invoices/:Id', { schema: { params: idParams } }, async (request, reply) => {
    const { rows } = await loadInvoices(db, request.ctx.companyId, request.ctx.timeZone, request.params.Id, 0, 1);
    if (!rows.length) throw ApiError.notFound('Invoice', request.params.Id);
    const pdf = await invoicePdf(toInvoice(rows[0]), rows[0].BillingSnapshot, request.ctx.lang);
    return reply
      .type('application/pdf')
      .header('content-disposition', `attachment; filename="invoice-${rows[0].InvoiceNumber}.pdf"`)
      .send(pdf);
  });
}
