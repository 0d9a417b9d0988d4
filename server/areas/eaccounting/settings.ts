/**
 * What the accounting screens read and set: GET, PUT /eaccounting/settings (active, default create
 * type, a default article per VAT rate, default terms of payment; an article of another VAT rate is
 * 400 naming the field), and the provider's lists as the spec names them: /eaccounting/articles,
 * /defaultarticles, /termsofpayments, /customers, /invoices, /invoicedrafts.
 */
import type { FastifyInstance } from 'fastify';
import type { EAccountingArticle as Article, EAccountingInvoice as Invoice, EAccountingListQuery, EAccountingSettings, EAccountingSettingsInput } from '../../../schema/eaccounting';
import { PRICE_VAT_PERCENTS as VAT_RATES } from '../../../domain/pricing/money';
import { ref, page as pageSchema } from '../../shared/schemas';
import { requirePlanArea } from '../../shared/planLimits';
import { checkFieldsWhenRefused, ValidationErrors } from '../../shared/errors';
import { sentObject } from '../../shared/sentInput';
import { all, asApiError, invoiceUri, refuseUnconnected } from './client';
import { eaccountingKey } from './messages';

interface VismaArticle {
  Id: string;
  Number: string;
  Name: string;
  NetPrice: number;
  VatRatePercent: number;
  IsActive?: boolean;
}

const toArticle = (a: VismaArticle): Article => ({
  ArticleId: a.Id,
  ArticleNumber: a.Number,
  ArticleName: a.Name,
  VatRate: Math.round(a.VatRatePercent * 100),
  VatRatePercent: a.VatRatePercent,
  ArticlePrice: Math.round(a.NetPrice * 100),
  CurrencySign: 'kr',
});

/** The company's active articles at the provider, as the spec's accounting articles. */
export async function articlesOf(app: FastifyInstance, companyId: number): Promise<Article[]> {
  const items = await all<VismaArticle>(app, companyId, '/articles').catch((err: unknown) => {
    throw asApiError(err);
  });
  return items.filter((a) => a.IsActive !== false).map(toArticle);
}

const minor = (v: unknown): number => Math.round(Number(v ?? 0) * 100);
const nullable = (v: unknown): string | null => (typeof v === 'string' && v ? v : null);

/** A provider invoice or draft as the spec's Invoice (amounts in minor units). */
export function toInvoice(publicUrl: string, v: Record<string, unknown>, isDraft: boolean): Invoice {
  const rows = (Array.isArray(v.Rows) ? v.Rows : []) as Record<string, unknown>[];
  const remaining = minor(v.RemainingAmount ?? v.TotalAmount);
  return {
    Id: String(v.Id),
    IsDraft: isDraft,
    InvoiceNumber: v.InvoiceNumber === undefined || v.InvoiceNumber === null ? null : String(v.InvoiceNumber),
    InvoiceCustomerName: String(v.InvoiceCustomerName ?? ''),
    InvoiceAddress: {
      InvoiceAddress1: nullable(v.InvoiceAddress1),
      InvoiceAddress2: nullable(v.InvoiceAddress2),
      InvoiceCity: nullable(v.InvoiceCity),
      InvoicePostalCode: nullable(v.InvoicePostalCode),
      InvoiceCountryCode: nullable(v.InvoiceCountryCode),
    },
    CustomerEmail: nullable(v.ContactPersonEmail ?? v.CustomerEmail),
    CreatedDate: String(v.InvoiceDate ?? ''),
    DueDate: String(v.DueDate ?? ''),
    PaymentStatus: isDraft ? 'Draft' : remaining === 0 ? 'Paid' : 'Unpaid',
    TermsOfPaymentId: String(v.TermsOfPaymentId ?? ''),
    TermsOfPaymentName: String(v.TermsOfPaymentName ?? ''),
    CustomerIsPrivatePerson: v.CustomerIsPrivatePerson === true,
    TotalAmount: minor(v.TotalAmount),
    TotalVatAmount: minor(v.TotalVatAmount),
    PriceSign: v.CurrencyCode === 'EUR' ? '€' : 'kr',
    VatSpecification: ((Array.isArray(v.VatSpecification) ? v.VatSpecification : []) as Record<string, unknown>[]).map((s) => ({
      VatPercent: Number(s.VatPercent ?? 0),
      Amount: minor(s.AmountInvoiceCurrency),
      VatAmount: minor(s.VatAmountInvoiceCurrency),
    })),
    Rows: rows.map((r) =>
      r.IsTextRow === true
        ? { IsTextRow: true, Text: String(r.Text ?? ''), Quantity: null, UnitPrice: null, TotalAmount: null }
        : { IsTextRow: false, Text: String(r.Text ?? ''), Quantity: Number(r.Quantity ?? 0), UnitPrice: minor(r.UnitPrice), TotalAmount: minor(r.Amount ?? r.TotalAmount ?? Number(r.UnitPrice) * Number(r.Quantity)) },
    ),
    InvoiceUri: invoiceUri(publicUrl, String(v.Id)),
  };
}

interface SettingsRow {
  active: boolean;
  default_create_type: 'Draft' | 'CreateSend';
  default_article_0: string | null;
  default_article_6: string | null;
  default_article_12: string | null;
  default_article_25: string | null;
  default_terms_of_payment_id: string | null;
  created: Date | string;
  updated: Date | string;
}

export async function settingsOf(app: FastifyInstance, companyId: number): Promise<EAccountingSettings> {
  const row = await app.db.one<SettingsRow>('select * from eaccounting_settings where company_id = $1', [companyId]);
  return {
    CompanyId: companyId,
    Active: row?.active ?? false,
    DefaultCreateType: row?.default_create_type ?? 'Draft',
    DefaultArticle0PercentVat: row?.default_article_0 ?? null,
    DefaultArticle6PercentVat: row?.default_article_6 ?? null,
    DefaultArticle12PercentVat: row?.default_article_12 ?? null,
    DefaultArticle25PercentVat: row?.default_article_25 ?? null,
    DefaultTermsOfPaymentId: row?.default_terms_of_payment_id ?? null,
    ...(row ? { CreatedDate: new Date(row.created).toISOString(), UpdatedDate: new Date(row.updated).toISOString() } : {}),
  };
}

const page = <T>(items: T[], q: { Skip?: number; Take?: number }) => {
  const skip = q.Skip ?? 0;
  return { Offset: skip, Total: items.length, Results: items.slice(skip, skip + (q.Take ?? 1000)) };
};

export default async function settings(app: FastifyInstance): Promise<void> {
  const lists = (path: string, item: string, fn: (companyId: number) => Promise<unknown[]>) =>
    app.get(path, { schema: { querystring: ref('EAccountingListQuery'), response: { 200: pageSchema(item) } } }, async (request) => page(await fn(request.ctx.companyId), request.query as EAccountingListQuery));
  const provider = <T>(companyId: number, path: string) =>
    all<T>(app, companyId, path).catch((err: unknown) => {
      throw asApiError(err);
    });

  app.get('/eaccounting/settings', { schema: { querystring: ref('EAccountingListQuery'), response: { 200: ref('EAccountingSettings') } } }, async (request) => settingsOf(app, request.ctx.companyId));

  // An article or terms to check need the connection: said beside what the schema refuses too.
  const connectionEarly = checkFieldsWhenRefused(async (request, refuse) => {
    const body = sentObject(request.body) ?? {};
    const named = [...VAT_RATES.map((vat) => body[`DefaultArticle${vat}PercentVat`]), body.DefaultTermsOfPaymentId].some((v) => typeof v === 'string' && v.length > 0 && v.length <= 100);
    if (named) await refuseUnconnected(app.db, request.ctx.companyId, refuse);
  });

  app.put('/eaccounting/settings', { preValidation: connectionEarly, preHandler: requirePlanArea('accounting'), schema: { body: ref('EAccountingSettingsInput'), response: { 200: ref('EAccountingSettings') } } }, async (request) => {
    const { companyId } = request.ctx;
    const body = request.body as EAccountingSettingsInput;
    const chosen = VAT_RATES.map((vat) => [vat, body[`DefaultArticle${vat}PercentVat`] ?? null] as const);
    const errors = new ValidationErrors();
    if (chosen.some(([, id]) => id) || body.DefaultTermsOfPaymentId) {
      const articles = new Map((await articlesOf(app, companyId)).map((a) => [a.ArticleId, a]));
      for (const [vat, id] of chosen) {
        if (!id) continue;
        const article = articles.get(id);
        const field = `DefaultArticle${vat}PercentVat`;
        if (!article) errors.add(field, eaccountingKey('EAccountingArticleUnknown'), { article: id });
        else if (article.VatRate !== vat) errors.add(field, eaccountingKey('EAccountingArticleVat'), { article: article.ArticleName, articleVat: article.VatRate, priceVat: vat });
      }
      if (body.DefaultTermsOfPaymentId) {
        const terms = await provider<{ Id: string }>(companyId, '/termsofpayment');
        if (!terms.some((t) => t.Id === body.DefaultTermsOfPaymentId)) errors.add('DefaultTermsOfPaymentId', eaccountingKey('EAccountingTermsUnknown'));
      }
    }
    errors.throwIfAny();
    await app.db.query(
      `insert into eaccounting_settings (company_id, active, default_create_type, default_article_0, default_article_6, default_article_12, default_article_25, default_terms_of_payment_id)
       values ($1, $2, $3, $4, $5, $6, $7, $8)
       on conflict (company_id) do update set active = excluded.active, default_create_type = excluded.default_create_type, default_article_0 = excluded.default_article_0,
         default_article_6 = excluded.default_article_6, default_article_12 = excluded.default_article_12, default_article_25 = excluded.default_article_25,
         default_terms_of_payment_id = excluded.default_terms_of_payment_id, updated = now()`,
      [companyId, body.Active, body.DefaultCreateType, ...chosen.map(([, id]) => id), body.DefaultTermsOfPaymentId ?? null],
    );
    return settingsOf(app, companyId);
  });

  lists('/eaccounting/articles', 'EAccountingArticle', (companyId) => articlesOf(app, companyId));

  app.get('/eaccounting/defaultarticles', { schema: { querystring: ref('EAccountingListQuery'), response: { 200: ref('EAccountingDefaultArticles') } } }, async (request) => {
    const { companyId } = request.ctx;
    const s = await settingsOf(app, companyId);
    const articles = new Map((await articlesOf(app, companyId)).map((a) => [a.ArticleId, a]));
    return { Results: VAT_RATES.map((vat) => ({ VatRate: vat, Article: articles.get(s[`DefaultArticle${vat}PercentVat`] ?? '') ?? null })) };
  });

  lists('/eaccounting/termsofpayments', 'EAccountingTermsOfPayment', async (companyId) =>
    (await provider<{ Id: string; Name: string; NumberOfDays: number }>(companyId, '/termsofpayment')).map((t) => ({ Id: t.Id, Name: t.Name, NumberOfDays: t.NumberOfDays })),
  );
  lists('/eaccounting/customers', 'EAccountingCustomer', async (companyId) =>
    (await provider<Record<string, unknown>>(companyId, '/customers')).map((c) => ({
      Id: String(c.Id),
      CustomerNumber: String(c.CustomerNumber ?? ''),
      Name: String(c.Name ?? ''),
      EmailAddress: nullable(c.EmailAddress),
      IsPrivatePerson: c.IsPrivatePerson === true,
    })),
  );
  lists('/eaccounting/invoices', 'EAccountingInvoice', async (companyId) => (await provider<Record<string, unknown>>(companyId, '/customerinvoices')).map((v) => toInvoice(app.config.publicUrl, v, false)));
  lists('/eaccounting/invoicedrafts', 'EAccountingInvoice', async (companyId) => (await provider<Record<string, unknown>>(companyId, '/customerinvoicedrafts')).map((v) => toInvoice(app.config.publicUrl, v, true)));

}
