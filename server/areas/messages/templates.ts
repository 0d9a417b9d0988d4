import type { Db } from '../../db/db';
import type { MessageTemplate, MessageTemplateInput, MessageTemplateQuery } from '../../../schema/messages';
import { defineResource, RECORD_FIELDS } from '../../autoquery/index';
import { ApiError } from '../../shared/errors';
import { sanitizeRichText } from '../../shared/html';
import { templateError } from '../../shared/templates/index';
import { messageWords } from './messages';
import { EMAIL, MESSAGE_TYPES, typeName } from './types';

/** 400 naming the field when a text's merge fields do not parse. */
export function checkMergeFields(field: string, source: string | undefined): void {
  const error = source ? templateError(source) : null;
  if (error) throw ApiError.field(400, field, 'TemplateSyntax', { error });
}

/** 400 naming TypeId when it is not a message type. */
export function checkType(typeId: number | undefined): void {
  if (typeId !== undefined && !MESSAGE_TYPES[typeId]) throw ApiError.field(400, 'TypeId', 'UnknownMessageType');
}

async function checkServices(db: Db, companyId: number, ids: number[]): Promise<void> {
  if (!ids.length) return;
  const row = await db.one<{ n: number }>('select count(*)::int as n from services where company_id = $1 and id = any($2::int[])', [companyId, ids]);
  if ((row?.n ?? 0) !== new Set(ids).size) throw ApiError.field(400, 'Services', 'UnknownService');
}

/**
 * One template per type, send method and language for every service: one without services (the
 * default) and a service in at most one other. 409 naming TypeId otherwise.
 */
async function checkUnique(db: Db, companyId: number, input: MessageTemplateInput, language: string, services: number[], id: number | undefined, lang: 'sv' | 'en' | 'fi' | 'no'): Promise<void> {
  const clash = await db.one<{ id: number }>(
    `select t.id from message_templates t
      where t.company_id = $1 and t.type_id = $2 and t.send_method_id = $3 and t.language = $4 and t.id <> coalesce($5::int, 0)
        and (case when cardinality($6::int[]) = 0
                  then not exists (select 1 from message_template_services s where s.template_id = t.id)
                  else exists (select 1 from message_template_services s where s.template_id = t.id and s.service_id = any($6::int[])) end)
      limit 1`,
    [companyId, input.TypeId, input.SendMethodId, language, id ?? null, services],
  );
  if (clash) throw ApiError.conflict('TypeId', 'TemplateExists', { services: services.length ? messageWords.forServices[lang] : '' });
}

/** GET, POST /messages/templates; PUT, DELETE /messages/templates/{Id}. */
export const messageTemplates = defineResource<MessageTemplate, MessageTemplateInput, MessageTemplateQuery>({
  entity: 'MessageTemplate',
  path: '/messages/templates',
  table: 'message_templates',
  fields: {
    ...RECORD_FIELDS,
    TypeId: { column: 'type_id', kind: 'int' },
    SendMethodId: { column: 'send_method_id', kind: 'int' },
    Language: 'language',
    Subject: 'subject',
    Body: 'body',
    Active: { column: 'active', kind: 'bool' },
  },
  search: ['subject'],
  sort: ['Id', 'TypeId', 'SendMethodId', 'Language', 'Created', 'Updated'],
  defaultSort: 'TypeId,SendMethodId,Language,Id',
  filters: {
    Id: 'Id',
    TypeId: 'TypeId',
    SendMethodId: 'SendMethodId',
    Language: 'Language',
    ServiceId: (value, p) => `t.id in (select template_id from message_template_services where service_id = ${p.add(Number(value))})`,
  },
  hooks: {
    async beforeWrite(input, { ctx, db, existing }) {
      checkType(input.TypeId);
      checkMergeFields('Subject', input.Subject);
      checkMergeFields('Body', input.Body);
      const services = [...new Set(input.Services ?? existing?.Services.map((s) => s.Id) ?? [])];
      await checkServices(db, ctx.companyId, services);
      const language = input.Language ?? existing?.Language ?? ctx.lang;
      await checkUnique(db, ctx.companyId, input, language, services, existing?.Id, ctx.lang);
      const body = input.SendMethodId === EMAIL ? sanitizeRichText(input.Body) : input.Body;
      return { input: { ...input, Language: language, Body: body, Subject: input.SendMethodId === EMAIL ? (input.Subject ?? '').trim() : '' } };
    },
    async afterWrite(id, input, { db }) {
      if (input.Services === undefined) return;
      await db.query('delete from message_template_services where template_id = $1', [id]);
      await db.query('insert into message_template_services (template_id, service_id) select $1, unnest($2::int[]) on conflict do nothing', [id, [...new Set(input.Services)]]);
      await db.query('update message_templates set updated = now() where id = $1', [id]);
    },
    async afterRead(records, { db, ctx }) {
      const rows = await db.query<{ template_id: number; id: number; name: string }>(
        `select ts.template_id, s.id, s.name from message_template_services ts join services s on s.id = ts.service_id
          where ts.template_id = any($1::int[]) order by s.name, s.id`,
        [records.map((r) => r.Id)],
      );
      for (const record of records) {
        record.Services = rows.filter((r) => r.template_id === record.Id).map((r) => ({ Id: r.id, Name: r.name }));
        record.MessageType = { Id: record.TypeId, Name: typeName(record.TypeId, ctx.lang), SendMethodId: record.SendMethodId };
        if (record.SendMethodId === EMAIL) record.Body = sanitizeRichText(record.Body);
      }
    },
  },
});
