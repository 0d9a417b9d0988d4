import { randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { DateTime } from 'luxon';
import { readRecord, type ResourceDeclaration } from '../../autoquery/index';
import type { Article, ArticleInput, ArticleQuery } from '../../../schema/services';
import { INT4_MAX } from '../../shared/constants';
import { ApiError } from '../../shared/errors';
import type { Lang } from '../../shared/messages';
import { receiptCompany, receiptPdf, receiptText } from '../../shared/receipt';

const words = {
  title: { sv: 'Kvitto', en: 'Receipt', fi: 'Kuitti', no: 'Kvittering' },
  article: { sv: 'Artikel', en: 'Article', fi: 'Tuote', no: 'Artikkel' },
  description: { sv: 'Beskrivning', en: 'Description', fi: 'Kuvaus', no: 'Beskrivelse' },
} satisfies Record<string, Record<Lang, string>>;

interface ArticleReportQuery {
  SendReceiptMethod: 1 | 2;
  ArticleTypeId?: number;
  Quantity?: number;
  Email?: string;
}

/**
 * GET /articles/{Id}/reports?SendReceiptMethod=2 (the article's receipt as PDF: the company's
 * details, the line with its VAT rate and the VAT) or =1&Email=… (the PDF e-mailed through the outbox).
 */
export function registerArticleReceipt(app: FastifyInstance, articles: ResourceDeclaration<Article, ArticleInput, ArticleQuery>): void {
  app.get(
    '/articles/:Id/reports',
    {
      schema: {
        params: { type: 'object', properties: { Id: { type: 'integer', minimum: 1, maximum: INT4_MAX } }, required: ['Id'] },
        querystring: {
          type: 'object',
          properties: {
            SendReceiptMethod: { type: 'integer', enum: [1, 2] },
            ArticleTypeId: { type: 'integer', minimum: 1, maximum: 4 },
            Quantity: { type: 'integer', minimum: 1, maximum: 10000 },
            Email: { type: 'string', maxLength: 200 },
            CompanyId: { type: 'integer', minimum: 1 },
          },
          required: ['SendReceiptMethod'],
        },
      },
    },
    async (request, reply) => {
      const { ctx } = request;
      const id = (request.params as { Id: number }).Id;
      const query = request.query as ArticleReportQuery;
      const article = await readRecord(app.db, ctx, articles, id);
      if (query.ArticleTypeId && query.ArticleTypeId !== article.ArticleTypeId) throw ApiError.notFound(words.article[ctx.lang], id);
      const to = query.Email?.trim();
      if (query.SendReceiptMethod === 1 && !(to && /^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(to))) throw ApiError.field(400, 'Email', to ? 'InvalidFormat' : 'NotEmpty');
      const quantity = query.Quantity ?? 1;
      const content = {
        title: `${words.title[ctx.lang]} – ${article.Name}`,
        number: `A-${article.Id}-${DateTime.now().toFormat('yyyyMMddHHmmss')}`,
        date: DateTime.now().setZone(ctx.timeZone).toFormat('yyyy-MM-dd HH:mm'),
        company: await receiptCompany(app.db, ctx.companyId),
        details: article.Description ? ([[words.description[ctx.lang], article.Description]] as [string, string][]) : [],
        lines: [{ text: article.Name, quantity, amount: Math.round(article.Price * quantity * 100) / 100, vatPercent: article.VAT }],
        priceSign: article.PriceSign,
        lang: ctx.lang,
      };
      const pdf = await receiptPdf(content);
      const fileName = `receipt-article-${article.Id}.pdf`;
      if (query.SendReceiptMethod === 2) {
        void reply.header('content-type', 'application/pdf').header('content-disposition', `attachment; filename="${fileName}"`);
        return pdf;
      }
      await app.db.tx((tx) =>
        app.outbox.add(tx, {
          companyId: ctx.companyId,
          kind: 'mail',
          key: `article-receipt:${article.Id}:${randomUUID()}`,
          payload: {
            companyId: ctx.companyId,
            to: to!,
            subject: content.title,
            text: receiptText(content),
            kind: 'article_receipt',
            attachments: [{ filename: fileName, contentType: 'application/pdf', base64: pdf.toString('base64') }],
          },
        }),
      );
      return { Email: to, Queued: true };
    },
  );
}
