import type { NewsletterTemplate, NewsletterTemplateInput, NewsletterTemplateQuery } from '../../../schema/newsletters';
import { containsPattern, defineResource, RECORD_FIELDS } from '../../autoquery/index';
import { cleanTemplate } from './content';

/** GET, POST /newsletter/templates; PUT, DELETE /newsletter/templates/{Id}. The body is sanitised when saved. */
export const newsletterTemplates = defineResource<NewsletterTemplate, NewsletterTemplateInput, NewsletterTemplateQuery>({
  entity: 'NewsletterTemplate',
  path: '/newsletter/templates',
  table: 'newsletter_templates',
  fields: {
    Id: RECORD_FIELDS.Id,
    Created: RECORD_FIELDS.Created,
    ModifiedDate: RECORD_FIELDS.Updated,
    Heading: { column: 'heading', required: true },
    Body: 'body',
    ImageUrl: 'image_url',
    SendMethodId: { column: 'send_method_id', kind: 'int' },
  },
  sort: ['Id', 'Heading', 'Created', 'ModifiedDate', 'SendMethodId'],
  defaultSort: '-Id',
  filters: {
    Id: 'Id',
    SendMethodId: 'SendMethodId',
    ReceiverContains: (value, p) => {
      const pattern = p.add(containsPattern(String(value)));
      return `(lower(t.heading) like ${pattern} or lower(t.body) like ${pattern})`;
    },
    Sent: () => null,
  },
  hooks: {
    beforeWrite(input) {
      return { input: { ...input, Body: cleanTemplate(input.Heading ?? '', input.Body ?? ''), ImageUrl: input.ImageUrl?.trim() || null, SendMethodId: input.SendMethodId ?? 1 } };
    },
  },
});
