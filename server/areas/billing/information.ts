import type { FastifyInstance } from 'fastify';
import type { BillingInformationInput, CountryId } from '../../../schema/company';
import { checkFieldsEarly } from '../../shared/errors';
import { page, ref } from '../../shared/schemas';
import { BILLING_METHODS, envelope, onWire } from '../../shared/reference';
import { billingOrProposal, checkBillingInput, saveBilling } from '../../shared/billingInformation';

/** The company's billing information (GET, POST, PUT /billing/company) and the billing methods per country. */
export default async function billingInformationRoutes(app: FastifyInstance): Promise<void> {
  const { db } = app;

  app.get<{ Querystring: { CountryId?: CountryId } }>('/billing/methods', { schema: { querystring: ref('BillingMethodQuery'), response: { 200: page('BillingMethod') } } }, async (request) => {
    const country = request.query.CountryId;
    return envelope(BILLING_METHODS.filter((m) => !country || m.countries.includes(country)).map((m) => onWire(m, request.ctx.lang)));
  });

  app.get('/billing/company', { schema: { response: { 200: ref('BillingInformation') } } }, async (request) => billingOrProposal(db, request.ctx.companyId));

  // POST and PUT both store the one billing record of the company (create or replace); the form's rules are named with the schema's refusals.
  const rules = checkFieldsEarly((request, refuse) => checkBillingInput(request.body, refuse));
  app.post<{ Body: BillingInformationInput }>('/billing/company', { preValidation: rules, schema: { body: ref('BillingInformationInput'), response: { 200: ref('BillingInformation') } } }, async (request) =>
    saveBilling(db, request.ctx.companyId, request.body),
  );
  app.put<{ Body: BillingInformationInput }>('/billing/company', { preValidation: rules, schema: { body: ref('BillingInformationInput'), response: { 200: ref('BillingInformation') } } }, async (request) =>
    saveBilling(db, request.ctx.companyId, request.body),
  );
}
