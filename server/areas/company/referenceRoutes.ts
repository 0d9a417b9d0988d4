import type { FastifyInstance } from 'fastify';
import { ref } from '../../shared/schemas';
import { ACCESS_KEY_TYPES, CATEGORIES, COMPANY_TYPES, COUNTRIES, CURRENCIES, envelope } from '../../shared/reference';

/**
 * Fixed reference lists: countries, currencies, company types, categories, access key types.
 * Names follow the caller's language.
 */
export default async function referenceRoutes(app: FastifyInstance): Promise<void> {
  app.get('/countries', async (request) => envelope(COUNTRIES.map((c) => ({ Id: c.id, Name: c.name[request.ctx.lang], CurrencyId: c.currencyId }))));

  app.get<{ Querystring: { Active?: boolean; Id?: string } }>('/currencies', { schema: { querystring: ref('CurrencyQuery') } }, async (request) => {
    const { Active, Id } = request.query;
    return envelope(
      CURRENCIES.filter((c) => (Active === undefined || c.active === Active) && (Id === undefined || c.id === Id.toUpperCase())).map((c) => ({
        Id: c.id,
        Name: c.name[request.ctx.lang],
        CurrencySign: c.sign,
        Active: c.active,
      })),
    );
  });

  app.get('/companies/types', async (request) => envelope(COMPANY_TYPES.map((t) => ({ Id: t.id, Name: t.name[request.ctx.lang] }))));

  app.get('/categories', async (request) => envelope(CATEGORIES.map((t) => ({ Id: t.id, Name: t.name[request.ctx.lang] }))));

  app.get<{ Querystring: { Id?: number } }>('/accesskeytypes', { schema: { querystring: ref('AccessKeyTypeQuery') } }, async (request) =>
    envelope(
      ACCESS_KEY_TYPES.filter((t) => request.query.Id === undefined || t.id === request.query.Id).map((t) => ({
        Id: t.id,
        Name: t.name[request.ctx.lang],
        Description: t.description[request.ctx.lang],
      })),
    ),
  );
}
