import type { FastifyInstance } from 'fastify';
import { page, ref } from '../../shared/schemas';
import { ACCESS_KEY_TYPES, CATEGORIES, COMPANY_TYPES, COUNTRIES, CURRENCIES, envelope, onWire } from '../../shared/reference';

/**
 * Fixed reference lists: countries, currencies, company types, categories, access key types.
 * Names follow the caller's language.
 */
export default async function referenceRoutes(app: FastifyInstance): Promise<void> {
  app.get('/countries', { schema: { response: { 200: page('Country') } } }, async (request) => envelope(COUNTRIES.map((c) => ({ ...onWire(c, request.ctx.lang), CurrencyId: c.currencyId }))));

  app.get<{ Querystring: { Active?: boolean; Id?: string } }>('/currencies', { schema: { querystring: ref('CurrencyQuery'), response: { 200: page('Currency') } } }, async (request) => {
    const { Active, Id } = request.query;
    return envelope(
      CURRENCIES.filter((c) => (Active === undefined || c.active === Active) && (Id === undefined || c.id === Id.toUpperCase())).map((c) => ({
        ...onWire(c, request.ctx.lang),
        CurrencySign: c.sign,
        Active: c.active,
      })),
    );
  });

  app.get('/companies/types', { schema: { response: { 200: page('CompanyType') } } }, async (request) => envelope(COMPANY_TYPES.map((t) => onWire(t, request.ctx.lang))));

  app.get('/categories', { schema: { response: { 200: page('CompanyCategory') } } }, async (request) => envelope(CATEGORIES.map((t) => onWire(t, request.ctx.lang))));

  app.get<{ Querystring: { Id?: number } }>('/accesskeytypes', { schema: { querystring: ref('AccessKeyTypeQuery'), response: { 200: page('AccessKeyType') } } }, async (request) =>
    envelope(
      ACCESS_KEY_TYPES.filter((t) => request.query.Id === undefined || t.id === request.query.Id).map((t) => ({
        ...onWire(t, request.ctx.lang),
        Description: t.description[request.ctx.lang],
      })),
    ),
  );
}
