/**
 * One area shape (issue 39): every /api route declares the schema of its answer, so the answer is
 * serialised from the contract (schema/) and a field the contract does not name never leaves the
 * server. The routes that answer no JSON (files, pages, event streams, redirects) are listed with
 * what they answer instead.
 */
import type { RouteOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildSerializer, buildValidator, validationOptions } from '../../server/validation';
import { createTestServer, type TestServer } from './harness';

/** Routes whose answer is not a JSON body, by `METHOD /path` as registered, with what they send. */
const NOT_JSON: Record<string, string> = {
  'GET /api/users/agreement/:id/:lang': 'the agreement as a PDF file',
  'GET /api/bookings/:Id/reports/:OptionId': 'a booking printout as a PDF file',
  'GET /api/articles/:Id/reports': 'the article report as a PDF file',
  'GET /api/rebatecodes/:Id/reports': 'the code report as a PDF file',
  'GET /api/images/:Key': 'an uploaded image file',
  'GET /api/scheduler/events': "the scheduler's server-sent event stream",
  'GET /api/newsletter/unsubscribe/:Token': 'the unsubscribe page (HTML) a mail links to',
  'POST /api/newsletter/unsubscribe/:Token': 'the unsubscribe confirmation page (HTML)',
  'GET /api/billing/company/invoices/:Id': 'the invoice as a PDF file',
  'POST /api/reports/booking/printout/test': 'a booking printed with the printout, as a PDF file',
  'GET /api/payment/pay/:Token': "the customer's pay link: a redirect to the provider's checkout, or a page (HTML) saying why not",
  'GET /api/payment/pay/:Token/done': 'the page (HTML) the provider sends a customer back to after paying',
  'GET /api/payment/pay/:Token/canceled': 'the page (HTML) the provider sends a customer back to without paying, with a link to try again',
  'GET /api/sync/googlecalendar/callback': "Google's OAuth callback: a redirect back to /sync",
  'GET /api/sync/ical/:Token': 'the iCal feed a calendar subscribes to (text/calendar), 304 while unchanged',
  'GET /api/support/cases/:caseId/attachments/:attachmentId': "a support case's attachment (an image or a PDF)",
  'GET /api/gdpr/customers/:Id/pdf': 'everything stored about a customer, as a readable PDF file',
  'GET /api/reviews/answer/:Token': 'the review page (HTML) a review request links to',
  'POST /api/reviews/answer/:Token': "the review page's thank-you (HTML), or { Id } to a client that does not ask for HTML",
};

let server: TestServer;
const routes: RouteOptions[] = [];

beforeAll(async () => {
  server = await createTestServer({}, { onRoute: (route) => routes.push(route) });
});
afterAll(async () => {
  await server?.close();
});

describe('every /api route', () => {
  it('declares the schema of its answer, or is a file, page or stream listed with what it sends', () => {
    const missing: string[] = [];
    const listed = new Set<string>();
    for (const route of routes) {
      if (!route.url.startsWith('/api/')) continue;
      for (const method of [route.method].flat()) {
        if (method === 'HEAD') continue;
        const key = `${method} ${route.url}`;
        const response = (route.schema as { response?: Record<string, unknown> } | undefined)?.response;
        const declared = !!response && Object.keys(response).some((status) => /^2(\d\d|xx)$/.test(status));
        if (key in NOT_JSON) listed.add(key);
        else if (!declared) missing.push(key);
      }
    }
    expect(missing, 'routes without a response schema').toEqual([]);
    expect(Object.keys(NOT_JSON).filter((key) => !listed.has(key)), 'listed routes that no longer exist').toEqual([]);
  });

  it("compiles: each part of each request with the server's validators, each answer with its serialiser", () => {
    // The server compiles these on first use; this compiles them all, as a start once did.
    const schemas = server.app.getSchemas();
    const validate = buildValidator(false)(schemas, {});
    const serialize = buildSerializer(false)(schemas, validationOptions.serializerOpts);
    const failed: string[] = [];
    let compiled = 0;
    for (const route of routes) {
      const schema = (route.schema ?? {}) as Record<string, unknown> & { response?: Record<string, unknown> };
      for (const method of [route.method].flat()) {
        const at = `${method} ${route.url}`;
        for (const httpPart of ['body', 'querystring', 'params', 'headers'] as const) {
          if (!schema[httpPart]) continue;
          try {
            validate({ schema: schema[httpPart] as object, method, url: route.url, httpPart });
            compiled++;
          } catch (e) {
            failed.push(`${at} ${httpPart}: ${(e as Error).message}`);
          }
        }
        for (const [httpStatus, answer] of Object.entries(schema.response ?? {})) {
          try {
            serialize({ schema: answer as object, method, url: route.url, httpStatus });
            compiled++;
          } catch (e) {
            failed.push(`${at} ${httpStatus}: ${(e as Error).message}`);
          }
        }
      }
    }
    expect(failed).toEqual([]);
    expect(compiled).toBeGreaterThan(500);
  });
});
