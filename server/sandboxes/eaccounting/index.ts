/**
 * The embedded Visma eAccounting (issue 35): Visma Connect's OAuth2 (identity.ts) and the API v2
 * part the accounting area uses (api.ts), under /eaccounting-sandbox, with its state in the database.
 * GET /eaccounting-sandbox is a page showing what it holds (per sandbox company: articles, terms of
 * payment, customers, invoice drafts and invoices); GET /eaccounting-sandbox/invoices/{id} shows one
 * invoice (the address an invoice's link opens). Mounted while EACCOUNTING_API_URL names no real
 * eAccounting.
 */
import formbody from '@fastify/formbody';
import type { FastifyInstance } from 'fastify';
import { escapeHtml } from '../../shared/html';
import api from './api';
import identity, { EACCOUNTING_SANDBOX_PATH } from './identity';

type Body = Record<string, unknown>;

const head = (title: string) =>
  `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width"><title>${title}</title>
<style>body{font-family:sans-serif;margin:2rem}table{border-collapse:collapse;margin-bottom:1.5rem}td,th{border:1px solid #999;padding:.25rem .5rem;text-align:left}</style></head><body><main>`;

function table(caption: string, columns: string[], rows: unknown[][]): string {
  const th = columns.map((c) => `<th scope="col">${escapeHtml(c)}</th>`).join('');
  const body = rows.map((r) => `<tr>${r.map((v) => `<td>${v === null || v === undefined ? '' : escapeHtml(String(v))}</td>`).join('')}</tr>`).join('');
  return `<table><caption>${escapeHtml(caption)}</caption><thead><tr>${th}</tr></thead><tbody>${body}</tbody></table>`;
}

export default async function eaccountingSandbox(app: FastifyInstance): Promise<void> {
  await app.register(formbody);
  await identity(app);
  await api(app);

  app.get(EACCOUNTING_SANDBOX_PATH, async (_request, reply) => {
    const tenants = await app.db.query<{ tenant: string }>('select distinct tenant from eaccounting_sandbox_terms order by tenant limit 50');
    let html = `${head('Visma eAccounting (sandbox)')}<h1>Visma eAccounting (sandbox)</h1>`;
    if (tenants.length === 0) html += '<p>No company has connected yet.</p>';
    for (const { tenant } of tenants) {
      const articles = await app.db.query<{ number: string; name: string; vat_percent: number; id: string }>('select * from eaccounting_sandbox_articles where tenant = $1 order by number', [tenant]);
      const terms = await app.db.query<{ name: string; number_of_days: number }>('select * from eaccounting_sandbox_terms where tenant = $1 order by number_of_days desc', [tenant]);
      const customers = await app.db.query<{ body: Body }>('select body from eaccounting_sandbox_customers where tenant = $1 order by created desc limit 200', [tenant]);
      const invoices = await app.db.query<{ kind: string; body: Body }>('select kind, body from eaccounting_sandbox_invoices where tenant = $1 order by created desc limit 200', [tenant]);
      html += `<h2>${escapeHtml(tenant)}</h2>`;
      html += table('Articles', ['Number', 'Name', 'VAT %', 'Id'], articles.map((a) => [a.number, a.name, a.vat_percent, a.id]));
      html += table('Terms of payment', ['Name', 'Days'], terms.map((t) => [t.name, t.number_of_days]));
      html += table('Customers', ['Number', 'Name', 'E-mail', 'Private person'], customers.map(({ body: c }) => [c.CustomerNumber, c.Name, c.EmailAddress, c.IsPrivatePerson ? 'yes' : 'no']));
      html += table(
        'Invoices and drafts',
        ['Kind', 'Number', 'Customer', 'Date', 'Due', 'Total', 'VAT', 'Rows'],
        invoices.map(({ kind, body: i }) => [kind, i.InvoiceNumber ?? '', i.InvoiceCustomerName, i.InvoiceDate, i.DueDate, i.TotalAmount, i.TotalVatAmount, (i.Rows as Body[]).length]),
      );
    }
    return reply.type('text/html').send(`${html}</main></body></html>`);
  });

  app.get(`${EACCOUNTING_SANDBOX_PATH}/invoices/:id`, async (request, reply) => {
    const { id } = request.params as { id: string };
    const row = await app.db.one<{ kind: string; tenant: string; body: Body }>('select kind, tenant, body from eaccounting_sandbox_invoices where id::text = $1', [id]);
    if (!row) return reply.code(404).type('text/html').send(`${head('Not found')}<h1>Not found</h1></main></body></html>`);
    const i = row.body;
    const title = row.kind === 'draft' ? 'Invoice draft' : `Invoice ${String(i.InvoiceNumber)}`;
    const rows = (i.Rows as Body[]).map((r) => (r.IsTextRow ? [r.Text, '', '', ''] : [r.Text, r.Quantity, r.UnitPrice, r.TotalAmount]));
    const address = [i.InvoiceAddress1, i.InvoiceAddress2, [i.InvoicePostalCode, i.InvoiceCity].filter(Boolean).join(' '), i.InvoiceCountryCode].filter(Boolean).map((l) => escapeHtml(String(l))).join('<br>');
    return reply
      .type('text/html')
      .send(
        `${head(title)}<h1>${escapeHtml(title)}</h1><p>${escapeHtml(row.tenant)}</p><p><strong>${escapeHtml(String(i.InvoiceCustomerName))}</strong><br>${address}</p>
<p>Date ${escapeHtml(String(i.InvoiceDate))}, due ${escapeHtml(String(i.DueDate))} (${escapeHtml(String(i.TermsOfPaymentName))})</p>
${table('Rows', ['Text', 'Quantity', 'Unit price', 'Total'], rows)}<p>VAT ${escapeHtml(String(i.TotalVatAmount))} ${escapeHtml(String(i.CurrencyCode))}, total ${escapeHtml(String(i.TotalAmount))} ${escapeHtml(String(i.CurrencyCode))}</p></main></body></html>`,
      );
  });
}
