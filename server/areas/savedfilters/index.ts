/**
 * Saved list filters (issue 39): an administrator names the filter of an admin list and picks it
 * later; shared ones are offered to everyone in the company, private ones only to their owner, who
 * alone may delete them. Any signed-in role may use them (the `account` area of the matrix): a
 * filter is the caller's own view of a list, and the list itself is still guarded by its own area.
 */
import type { FastifyInstance } from 'fastify';
import type { SavedFilter, SavedFilterId, SavedFilterInput, SavedFilterQuery } from '../../../schema/savedFilters';
import { ApiError } from '../../shared/errors';
import { extendMessages, type Lang } from '../../shared/messages';
import { ref } from '../../shared/schemas';

const messages = {
  SavedFilterNameEmpty: {
    sv: 'Ange ett namn på filtret.',
    en: 'Enter a name for the filter.',
    fi: 'Anna suodattimelle nimi.',
    no: 'Skriv inn et navn på filteret.',
  },
  SavedFilterTooLarge: {
    sv: 'Filtret är för stort för att sparas.',
    en: 'The filter is too large to save.',
    fi: 'Suodatin on liian suuri tallennettavaksi.',
    no: 'Filteret er for stort til å lagres.',
  },
} satisfies Record<string, Record<Lang, string>>;

const words = {
  savedFilter: { sv: 'Sparat filter', en: 'Saved filter', fi: 'Tallennettu suodatin', no: 'Lagret filter' },
} satisfies Record<string, Record<Lang, string>>;

/** The most a filter's values may take as JSON (a filter form holds a few short values). */
const MAX_FILTER_CHARS = 10_000;

interface Row {
  id: number;
  resource: string;
  name: string;
  filter: Record<string, unknown> | string;
  shared: boolean;
  mine: boolean;
  created: string;
}

const columns = (tz: string) =>
  `id, resource, name, filter, shared, user_id = $2 as mine,
   to_char(created at time zone '${tz.replace(/'/g, "''")}', 'YYYY-MM-DD"T"HH24:MI:SS') as created`;

function toContract(row: Row): SavedFilter {
  return {
    Id: row.id,
    Resource: row.resource,
    Name: row.name,
    Filter: typeof row.filter === 'string' ? (JSON.parse(row.filter) as Record<string, unknown>) : row.filter,
    Shared: row.shared,
    Mine: row.mine,
    Created: row.created,
  };
}

const read = { area: 'account', action: 'read' } as const;
const write = { area: 'account', action: 'write' } as const;

export default async function savedFiltersArea(app: FastifyInstance): Promise<void> {
  extendMessages(messages);

  app.get('/savedfilters', { config: { permission: read }, schema: { querystring: ref('SavedFilterQuery'), response: { 200: ref('SavedFilterList') } } }, async (request) => {
    const { ctx } = request;
    const query = request.query as SavedFilterQuery;
    const rows = await app.db.query<Row>(
      `select ${columns(ctx.timeZone)} from saved_filters
        where company_id = $1 and (shared or user_id = $2) and ($3::text is null or resource = $3)
        order by lower(name), id`,
      [ctx.companyId, ctx.userId, query.Resource ?? null],
    );
    return { Results: rows.map(toContract) };
  });

  app.post('/savedfilters', { config: { permission: write }, schema: { body: ref('SavedFilterInput'), response: { 200: ref('SavedFilter') } } }, async (request) => {
    const { ctx } = request;
    const body = request.body as SavedFilterInput;
    const name = body.Name.trim();
    if (!name) throw ApiError.field(400, 'Name', 'SavedFilterNameEmpty');
    const filter = JSON.stringify(body.Filter);
    if (filter.length > MAX_FILTER_CHARS) throw ApiError.field(400, 'Filter', 'SavedFilterTooLarge');
    const row = await app.db.one<Row>(
      `insert into saved_filters (company_id, user_id, resource, name, filter, shared)
       values ($1, $2, $3, $4, $5::jsonb, $6)
       returning ${columns(ctx.timeZone)}`,
      [ctx.companyId, ctx.userId, body.Resource, name, filter, body.Shared ?? false],
    );
    return toContract(row!);
  });

  app.delete('/savedfilters/:Id', { config: { permission: write }, schema: { params: ref('SavedFilterId'), response: { 200: ref('SavedFilterId') } } }, async (request) => {
    const { ctx } = request;
    const { Id } = request.params as SavedFilterId;
    // Someone else's private filter is not there for the caller; a shared one is, but only its owner deletes it.
    const row = await app.db.one<{ user_id: number }>(
      'select user_id from saved_filters where company_id = $1 and id = $2 and (shared or user_id = $3)',
      [ctx.companyId, Id, ctx.userId],
    );
    if (!row) throw ApiError.notFound(words.savedFilter[ctx.lang], Id);
    if (row.user_id !== ctx.userId) throw ApiError.forbidden();
    await app.db.query('delete from saved_filters where company_id = $1 and id = $2', [ctx.companyId, Id]);
    return { Id };
  });
}
