import { describe, expect, it } from 'vitest';
import type { Article } from '../../schema/services';
import { withViews } from '../../src/engine/define';
import type { LazyResource, WireRecord } from '../../src/engine/types';
import { articlesMeta } from '../../src/resources/articles';
import { articles } from '../../src/resources/articles/declaration';

// `npm run typecheck` is the real test here: each @ts-expect-error line fails the typecheck if the
// misnamed field were accepted (a renamed schema field must break the declarations that name it).
const meta: LazyResource<WireRecord<Article>> = { ...articlesMeta, load: () => Promise.resolve(typed) };
const typed = withViews(meta, {
  list: {
    columns: [
      'Name',
      // @ts-expect-error 'Title' is not a field of Article
      'Title',
      // @ts-expect-error a column object names a field too
      { source: 'Cost' },
    ],
    filters: [
      { source: 'q', kind: 'search' },
      { source: 'Active', kind: 'boolean' },
      // @ts-expect-error a filter names a field of Article
      { source: 'Enabled', kind: 'boolean' },
    ],
  },
});

describe('typed declarations', () => {
  it('keep the fields they name, and the articles declaration names only fields of Article', () => {
    expect(typed.list).toMatchObject({ columns: ['Name', 'Title', { source: 'Cost' }] });
    const fields = Object.keys({ Id: 0, Name: '', Description: '', ArticleTypeId: 1, Price: 0, VAT: 25, Active: true, InternalReference: '' } satisfies Partial<Article>);
    const list = articles.list as { columns: readonly (string | { source: string })[] };
    for (const column of list.columns) expect(fields).toContain(typeof column === 'string' ? column : column.source);
  });
});
