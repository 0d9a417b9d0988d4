import type { FastifyInstance } from 'fastify';
import type { Db } from '../../db/db';
import type { BillingInformation } from '../../../schema/company';
import type { CompanyInvoice } from '../../../schema/licenses';
import { ref } from '../../shared/schemas';
import { idParams } from '../../autoquery/index';
import { ApiError } from '../../shared/errors';
import { localTime } from '../../shared/fieldErrors';
import { invoicePdf } from './invoicePdf';

interface InvoiceRow {
  id: number;
  invoice_number: string;
  period_from: string;
  period_to: string;
  currency_id: string;
  net_minor: string;
  vat_minor: string;
  total_minor: string;
  vat_rate_permille: number;
  status: 'unpaid' | 'paid';
  created: string;
  due_date: string;
  billing_snapshot: BillingInformation;
  rows: { Text: string; Quantity: number; UnitPrice: number; Amount: number }[];
}

async function loadInvoices(db: Db, companyId: number, tz: string, id: number | null, skip: number, take: number): Promise<{ total: number; rows: InvoiceRow[] }> {
  const rows = await db.query<InvoiceRow>(
    `select i.id, i.invoice_number, to_char(i.period_from, 'YYYY-MM-DD') as period_from, to_char(i.period_to, 'YYYY-MM-DD') as period_to,
            i.currency_id, i.net_minor::text, i.vat_minor::text, i.total_minor::text, i.vat_rate_permille, i.status,
            ${localTime('i.created', '$2')} as created, to_char(i.due_date, 'YYYY-MM-DD') as due_date, i.billing_snapshot,
            coalesce((select json_agg(json_build_object('Text', r.text, 'Quantity', r.quantity, 'UnitPrice', r.unit_price_minor, 'Amount', r.amount_minor) order by r.id)
                        from invoice_rows r where r.invoice_id = i.id), '[]') as rows
       from invoices i where i.company_id = $1 and ($3::int is null or i.id = $3)
      order by i.period_from desc, i.id desc offset $4 limit $5`,
    [companyId, tz, id, skip, take],
  );
  const total = (await db.one<{ n: number }>('select count(*)::int as n from invoices where company_id = $1 and ($2::int is null or id = $2)', [companyId, id]))!.n;
  return { total, rows };
}

function toInvoice(r: InvoiceRow): CompanyInvoice {
  return {
    Id: r.id,
    InvoiceNumber: r.invoice_number,
    PeriodFrom: r.period_from,
    PeriodTo: r.period_to,
    CurrencyId: r.currency_id,
    NetAmount: Number(r.net_minor),
    VatAmount: Number(r.vat_minor),
    TotalAmount: Number(r.total_minor),
    VatPercent: r.vat_rate_permille / 10,
    Status: r.status,
    Created: r.created,
    DueDate: r.due_date,
    Rows: r.rows.map((x) => ({ Text: x.Text, Quantity: Number(x.Quantity), UnitPrice: Number(x.UnitPrice), Amount: Number(x.Amount) })),
  };
}

/** The company's license invoices: GET /billing/company/invoices and one as a PDF at /billing/company/invoices/{Id}. */
export default async function invoiceRoutes(app: FastifyInstance): Promise<void> {
  const { db } = app;

  app.get<{ Querystring: { Id?: number; Skip?: number; Take?: number } }>('/billing/company/invoices', { schema: { querystring: ref('CompanyInvoiceQuery') } }, async (request) => {
    const skip = request.query.Skip ?? 0;
    const { total, rows } = await loadInvoices(db, request.ctx.companyId, request.ctx.timeZone, request.query.Id ?? null, skip, Math.min(request.query.Take ?? 100, 1000));
    return { Offset: skip, Total: total, Results: rows.map(toInvoice) };
  });

  app.get<{ Params: { Id: number } }>('/billing/company/invoices/:Id', { schema: { params: idParams } }, async (request, reply) => {
    const { rows } = await loadInvoices(db, request.ctx.companyId, request.ctx.timeZone, request.params.Id, 0, 1);
    if (!rows.length) throw ApiError.notFound('Invoice', request.params.Id);
    const pdf = await invoicePdf(toInvoice(rows[0]), rows[0].billing_snapshot, request.ctx.lang);
    return reply
      .type('application/pdf')
      .header('content-disposition', `attachment; filename="invoice-${rows[0].invoice_number}.pdf"`)
      .send(pdf);
  });
}
