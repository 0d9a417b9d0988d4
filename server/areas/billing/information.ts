import type { FastifyInstance } from 'fastify';
import type { BillingInformationInput, CountryId } from '../../../schema/company';
import { ref } from '../../shared/schemas';
import { BILLING_METHODS, envelope, onWire } from '../../shared/reference';
import { billingOrProposal, saveBilling } from '../../shared/billingInformation';

/** The company's billing information (GET, POST, PUT /billing/company) and the billing methods per country. */
export default async function billingInformationRoutes(app: FastifyInstance): Promise<void> {
  const { db } = app;

  app.get<{ Querystring: { CountryId?: CountryId } }>('/billing/methods', { schema: { querystring: ref('BillingMethodQuery') } }, async (request) => {
    const country = request.query.CountryId;
    return envelope(BILLING_METHODS.filter((m) => !country || m.countries.includes(country)).map((m) => onWire(m, request.ctx.lang)));
  });

  app.get('/billing/company', async (request) => billingOrProposal(db, request.ctx.companyId));

  // POST and PUT both store the one billing record of the company (create or replace).
  app.post<{ Body: BillingInformationInput }>('/billing/company', { schema: { body: ref('BillingInformationInput') } }, async (request) =>
    saveBilling(db, request.ctx.companyId, request.body),
  );
  app.put<{ Body: BillingInformationInput }>('/billing/company', { schema: { body: ref('BillingInformationInput') } }, async (request) =>
    saveBilling(db, request.ctx.companyId, request.body),
  );
}
