import type { FastifyInstance } from 'fastify';
import type { NewsletterCustomer, NewsletterCustomerQuery, NewsletterEmailTemplate, NewsletterEmailTemplateQuery, NewsletterSendMethod } from '../../../schema/newsletters';
import { containsPattern, defineResource, pageSchema } from '../../autoquery/index';
import { ref } from '../../shared/schemas';
import { newsletterFieldTranslations } from './content';
import { newsletterWords } from './messages';

/** GET /newsletter/customers: the customers a newsletter can go to (those who subscribed, unless SubscribedToNewsletter=false). */
export const newsletterCustomers = defineResource<NewsletterCustomer, never, NewsletterCustomerQuery>({
  entity: 'NewsletterCustomer',
  path: '/newsletter/customers',
  table: 'customers',
  fields: {
    Id: { column: 'id', kind: 'int', readOnly: true },
    Firstname: { column: 'firstname', readOnly: true },
    Lastname: { column: 'lastname', readOnly: true },
    Email: { column: 'email', readOnly: true },
    Phone: { column: 'phone', readOnly: true },
    SubscribedToNewsletter: { column: 'subscribed_to_newsletter', kind: 'bool', readOnly: true },
  },
  sort: ['Id', 'Firstname', 'Lastname', 'Email'],
  defaultSort: 'Firstname,Lastname',
  filters: {
    Search: (value, p) => `t.search_text like ${p.add(containsPattern(String(value)))}`,
    SubscribedToNewsletter: (value) => (value === false || value === 'false' ? 'not t.subscribed_to_newsletter' : 't.subscribed_to_newsletter'),
  },
  schemas: { query: 'NewsletterCustomerQuery', input: 'NewsletterCustomerQuery', item: 'NewsletterCustomer' },
  routes: { create: false, update: false, delete: false },
});

/** GET /newsletter/sendmethods and /newsletter/emailtemplates (the one layout every e-mail newsletter is wrapped in). */
export function registerReferenceRoutes(app: FastifyInstance): void {
  app.get('/newsletter/sendmethods', { schema: { response: { 200: pageSchema('NewsletterSendMethod') } } }, async (request) => {
    const lang = request.ctx.lang;
    const results: NewsletterSendMethod[] = [
      { Id: 1, Name: newsletterWords.email[lang] },
      { Id: 2, Name: newsletterWords.sms[lang] },
    ];
    return { Offset: 0, Total: results.length, Results: results };
  });

  app.get('/newsletter/fieldtranslations', { schema: { response: { 200: { type: 'array', items: ref('MessageFieldTranslation') } } } }, async (request) => newsletterFieldTranslations(request.ctx.lang));

  app.get(
    '/newsletter/emailtemplates',
    { schema: { querystring: ref('NewsletterEmailTemplateQuery'), response: { 200: pageSchema('NewsletterEmailTemplate') } } },
    async (request) => {
      const lang = request.ctx.lang;
      const query = request.query as NewsletterEmailTemplateQuery;
      const all: NewsletterEmailTemplate[] = [{ Id: 1, Name: newsletterWords.standardLayout[lang], Description: newsletterWords.standardLayoutDescription[lang] }];
      const search = query.ReceiverContains?.toLowerCase();
      const results = all.filter((t) => !search || t.Name.toLowerCase().includes(search));
      return { Offset: query.Skip ?? 0, Total: results.length, Results: results.slice(query.Skip ?? 0, (query.Skip ?? 0) + (query.Take ?? 25)) };
    },
  );
}
