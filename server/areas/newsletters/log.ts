import type { Newsletter, NewsletterQuery, NewsletterSend, NewsletterSendQuery } from '../../../schema/newsletters';
import { containsPattern, defineResource, RECORD_FIELDS } from '../../autoquery/index';

/** GET /newsletter/log: one entry per receiver of a send, with the send's title, body and dates. */
export const newsletterLog = defineResource<Newsletter, never, NewsletterQuery>({
  entity: 'Newsletter',
  path: '/newsletter/log',
  table: 'newsletter_log_entries',
  fields: {
    Id: RECORD_FIELDS.Id,
    Created: RECORD_FIELDS.Created,
    ModifiedDate: RECORD_FIELDS.Updated,
    SendId: { column: 'send_id', kind: 'int', readOnly: true },
    CustomerId: { column: 'customer_id', kind: 'int', readOnly: true },
    Receiver: { column: 'receiver', readOnly: true },
    MessageTitle: { column: 'message_title', readOnly: true },
    MessageBody: { column: 'message_body', readOnly: true },
    Sent: { column: 'sent', kind: 'bool', readOnly: true },
    Status: { column: 'state', readOnly: true },
    SentDate: { column: 'sent_at', kind: 'datetime', readOnly: true },
    ToSendDate: { column: 'to_send_date', kind: 'datetime', readOnly: true },
    SendMethodId: { column: 'send_method_id', kind: 'int', readOnly: true },
    Heading: { column: 'heading', readOnly: true },
    ImageUrl: { column: 'image_url', readOnly: true },
    Error: { column: 'error', readOnly: true },
  },
  sort: ['Id', 'Created', 'ModifiedDate', 'Receiver', 'MessageTitle', 'Sent', 'ToSendDate', 'SentDate'],
  defaultSort: '-Id',
  filters: {
    Id: 'Id',
    Sent: 'Sent',
    SendId: 'SendId',
    ReceiverContains: (value, p) => `lower(t.receiver) like ${p.add(containsPattern(String(value)))}`,
  },
  schemas: { query: 'NewsletterQuery', input: 'NewsletterQuery', item: 'Newsletter' },
  routes: { create: false, update: false, delete: false },
});

/** GET /newsletter/sends: each send and how far the queue has come (Pending=true: not done yet). */
export const newsletterSends = defineResource<NewsletterSend, never, NewsletterSendQuery>({
  entity: 'NewsletterSend',
  path: '/newsletter/sends',
  table: 'newsletter_sends',
  fields: {
    Id: RECORD_FIELDS.Id,
    Created: RECORD_FIELDS.Created,
    ModifiedDate: RECORD_FIELDS.Updated,
    TemplateId: { column: 'template_id', kind: 'int', readOnly: true },
    Heading: { column: 'heading', readOnly: true },
    SendMethodId: { column: 'send_method_id', kind: 'int', readOnly: true },
    ToSendDate: { column: 'to_send_date', kind: 'datetime', readOnly: true },
    State: { column: 'state', readOnly: true },
    Total: { column: 'total', kind: 'int', readOnly: true },
    SentCount: { column: 'sent_count', kind: 'int', readOnly: true },
    FailedCount: { column: 'failed_count', kind: 'int', readOnly: true },
  },
  sort: ['Id', 'Created', 'ModifiedDate', 'ToSendDate'],
  defaultSort: '-Id',
  filters: {
    Id: 'Id',
    Pending: (value) => (value === true || value === 'true' ? `t.state in ('scheduled', 'sending')` : value === false || value === 'false' ? `t.state in ('sent', 'canceled')` : null),
  },
  schemas: { query: 'NewsletterSendQuery', input: 'NewsletterSendQuery', item: 'NewsletterSend' },
  routes: { create: false, update: false, delete: false },
});
