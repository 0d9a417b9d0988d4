import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { DateTime } from 'luxon';
import type {
  RebateCode,
  RebateCodeDeleteQuery,
  RebateCodeGetBySignQuery,
  RebateCodeInput,
  RebateCodeQuery,
  RebateCodeReportQuery,
  RebateCodeReportSent,
  RebateCodeTransactionInput,
  RebateCodeTransactionQuery,
  RebateCodeUsageQuery,
} from '../../../schema/rebatecodes';
import type { CallerContext } from '../../shared/context';
import { ApiError } from '../../shared/errors';
import { ref } from '../../shared/schemas';
import { createRecord, idParams, listRecords, pageSchema, readRecord, selectWhere, updateRecord } from '../../autoquery/index';
import { normaliseSign, REBATE_CODE_TYPES, STATUS_ACTIVE, whyNotApplicable } from '../../../domain/pricing';
import { catalogKey } from './messages';
import { companyCurrency, priceSign } from './prices';
import { rebateCodes, transactionCount } from './rebateCodeRecords';
import { rebateKey, rebateWords } from './rebateCodeMessages';
import { describeRebateCode, reportPdf, reportText } from './rebateCodeReport';
import { rebateCodeTransactions, rebateCodeUsages, recordManualTransaction } from './rebateCodeTransactions';

export { consumeCodes, type ConsumptionContext } from './rebateCodeTransactions';

/** A unique-index violation the rules above could not see (two writers at once) still names the sign. */
async function namingSign<T>(sign: string | null | undefined, write: () => Promise<T>): Promise<T> {
  try {
    return await write();
  } catch (err) {
    if (err instanceof ApiError && err.statusCode === 409 && err.errorCode === 'Unique' && err.errors[0]?.FieldName !== 'RebateCodeSign') {
      throw ApiError.conflict('RebateCodeSign', 'Unique', { value: sign ? normaliseSign(sign) : '' });
    }
    throw err;
  }
}

/** The code with this sign that applies to a booking's date, service and customer, or 4xx with the reason. */
async function findBySign(app: FastifyInstance, ctx: CallerContext, query: RebateCodeGetBySignQuery): Promise<RebateCode> {
  const sign = normaliseSign(query.RebateCodeSign);
  const found = await selectWhere(app.db, ctx, rebateCodes, (p) => `upper(t.sign) = upper(${p.add(sign)})`);
  const code = found.find((c) => c.RebateCodeStatusId === STATUS_ACTIVE) ?? found[0];
  if (!code) throw ApiError.field(404, 'RebateCodeSign', rebateKey('RebateCodeSignNotFound'), { sign });
  const dateOnly = !query.Date || query.Date.length <= 10;
  const at = query.Date ? DateTime.fromISO(query.Date, { zone: ctx.timeZone }) : DateTime.now().setZone(ctx.timeZone);
  if (!at.isValid) throw ApiError.field(400, 'Date', 'InvalidFormat');
  const booking = await app.db.one<{ service_ok: boolean; customer_id: number | null; uses: number }>(
    `select ($3::int is null or exists (select 1 from services where id = $3 and company_id = $1)) as service_ok,
            cu.id as customer_id,
            coalesce((select sum(case when t.change_type = 'Decrease' then 1 else -1 end)
                        from rebate_code_transactions t
                       where t.company_id = $1 and t.rebate_code_id = $4 and t.customer_id = cu.id and t.booking_id is not null), 0)::int as uses
       from (select 1) as one
       left join lateral (select id from customers where company_id = $1 and lower(email) = lower($2::text) order by id limit 1) cu on true`,
    [ctx.companyId, query.CustomerEmail?.trim() || null, query.ServiceId ?? null, code.Id],
  );
  if (!booking?.service_ok) throw ApiError.field(400, 'ServiceId', catalogKey('UnknownReference'), { what: rebateWords.service[ctx.lang] });
  const customerId = booking.customer_id;
  const uses = booking.uses;
  const reason = whyNotApplicable(code, { at, serviceId: query.ServiceId, customerId, customerUses: uses, dateOnly });
  if (reason) throw ApiError.field(400, 'RebateCodeSign', rebateKey(reason), { sign: code.RebateCodeSign });
  return code;
}

/** ASCII and UTF-8 forms of a download's file name for Content-Disposition. */
function attachment(name: string): string {
  const ascii = name.normalize('NFD').replace(/[^\x20-\x7e]/g, '').replace(/["\\]/g, '');
  return `attachment; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(name)}`;
}

async function report(app: FastifyInstance, request: FastifyRequest, reply: FastifyReply): Promise<RebateCodeReportSent | Buffer> {
  const { ctx } = request;
  const id = (request.params as { Id: number }).Id;
  const query = request.query as RebateCodeReportQuery;
  const code = await readRecord(app.db, ctx, rebateCodes, id);
  const page = await listRecords(app.db, ctx, rebateCodeTransactions, { RebateCodeId: id, Take: 1000, OrderBy: 'Created' });
  const content = describeRebateCode(code, page.Results, priceSign(await companyCurrency(app.db, ctx.companyId)), ctx.lang);
  const pdf = await reportPdf(content);
  const fileName = `rebatecode-${code.RebateCodeSign}.pdf`;
  if (query.SendReceiptMethod === 2) {
    void reply.header('content-type', 'application/pdf').header('content-disposition', attachment(fileName));
    return pdf;
  }
  const to = query.Email?.trim() || code.Customers.find((c) => c.Email)?.Email;
  if (!to) throw ApiError.field(400, 'Email', rebateKey('NoReportRecipient'));
  try {
    const sent = await app.mailer.send({
      companyId: ctx.companyId,
      to,
      subject: content.subject,
      text: reportText(content),
      kind: 'rebate_code_report',
      attachments: [{ filename: fileName, contentType: 'application/pdf', content: pdf }],
    });
    return { Email: to, MessageId: sent.messageId };
  } catch (err) {
    throw ApiError.field(400, 'Email', rebateKey('ReportSendFailed'), { reason: err instanceof Error ? err.message : String(err) });
  }
}

/**
 * The rebate code calls: GET, POST /rebatecodes; PUT, DELETE /rebatecodes/{Id}; GET /rebatecodes/types;
 * GET /rebatecodes/getbysign; GET, POST /rebatecodes/transactions; GET /rebatecodes/usages and
 * /rebatecodes/{Id}/usages; GET /rebatecodes/{Id}/reports (SendReceiptMethod 1 e-mail, 2 PDF).
 */
export default async function rebateCodesArea(app: FastifyInstance): Promise<void> {
  const idOf = (request: FastifyRequest) => (request.params as { Id: number }).Id;
  const item = { 200: ref('RebateCode') };

  app.get('/rebatecodes', { schema: { querystring: ref('RebateCodeQuery'), response: { 200: pageSchema('RebateCode') } } }, (request) =>
    listRecords(app.db, request.ctx, rebateCodes, request.query as RebateCodeQuery),
  );
  app.post('/rebatecodes', { schema: { body: ref('RebateCodeInput'), response: item } }, (request) => {
    const body = request.body as RebateCodeInput;
    return namingSign(body.RebateCodeSign, () => createRecord(app.db, request.ctx, rebateCodes, body));
  });
  app.put('/rebatecodes/:Id', { schema: { params: idParams, body: ref('RebateCodeInput'), response: item } }, (request) => {
    const body = request.body as RebateCodeInput;
    return namingSign(body.RebateCodeSign, () => updateRecord(app.db, request.ctx, rebateCodes, idOf(request), body));
  });
  app.delete('/rebatecodes/:Id', { schema: { params: idParams, querystring: ref('RebateCodeDeleteQuery'), response: item } }, (request) => {
    const { ctx } = request;
    const id = idOf(request);
    const force = (request.query as RebateCodeDeleteQuery).ForceDelete === true;
    return app.db.tx(async (tx) => {
      const existing = await readRecord(tx, ctx, rebateCodes, id);
      const count = await transactionCount(tx, ctx.companyId, id);
      if (count > 0 && !force) throw ApiError.conflict('ForceDelete', rebateKey('CodeHasTransactions'), { count });
      await tx.query('delete from rebate_codes where id = $1 and company_id = $2', [id, ctx.companyId]);
      return existing;
    });
  });

  app.get('/rebatecodes/types', { schema: { response: { 200: { type: 'array', items: ref('RebateCodeType') } } } }, async () => REBATE_CODE_TYPES);

  app.get('/rebatecodes/getbysign', { schema: { querystring: ref('RebateCodeGetBySignQuery'), response: item } }, (request) =>
    findBySign(app, request.ctx, request.query as RebateCodeGetBySignQuery),
  );

  const withOffset = <Q extends { Skip?: number; Offset?: number }>(q: Q): Q => ({ ...q, Skip: q.Skip ?? q.Offset });
  app.get(
    '/rebatecodes/transactions',
    { schema: { querystring: ref('RebateCodeTransactionQuery'), response: { 200: pageSchema('RebateCodeTransaction') } } },
    (request) => listRecords(app.db, request.ctx, rebateCodeTransactions, withOffset(request.query as RebateCodeTransactionQuery)),
  );
  app.post('/rebatecodes/transactions', { schema: { body: ref('RebateCodeTransactionInput'), response: { 200: ref('RebateCodeTransaction') } } }, (request) =>
    recordManualTransaction(app.db, request.ctx, request.body as RebateCodeTransactionInput),
  );
  app.get('/rebatecodes/usages', { schema: { querystring: ref('RebateCodeUsageQuery'), response: { 200: pageSchema('RebateCodeTransaction') } } }, (request) =>
    listRecords(app.db, request.ctx, rebateCodeUsages, withOffset(request.query as RebateCodeUsageQuery)),
  );
  app.get(
    '/rebatecodes/:Id/usages',
    { schema: { params: idParams, querystring: ref('RebateCodeUsageQuery'), response: { 200: pageSchema('RebateCodeTransaction') } } },
    async (request) => {
      const id = idOf(request);
      await readRecord(app.db, request.ctx, rebateCodes, id);
      return listRecords(app.db, request.ctx, rebateCodeUsages, { ...withOffset(request.query as RebateCodeUsageQuery), RebateCodeId: id });
    },
  );
  app.get('/rebatecodes/:Id/reports', { schema: { params: idParams, querystring: ref('RebateCodeReportQuery') } }, (request, reply) =>
    report(app, request, reply),
  );
}
