import { withViews } from '../../engine/define';
import { bookingPrintoutsMeta } from './index';

/** The printout list and form; Header and Body are rich text. */
export const bookingPrintouts = withViews(bookingPrintoutsMeta, {
  schema: 'BookingPrintoutInput',
  recordSchema: 'BookingPrintout',
  fields: { Header: { kind: 'richtext' }, Body: { kind: 'richtext' } },
  list: {
    columns: ['Name', 'Active', 'Updated'],
    sort: { field: 'Name', order: 'ASC' },
    bulk: { delete: true, setField: [{ source: 'Active' }] },
    filters: [{ source: 'q', kind: 'search' }, { source: 'Active', kind: 'boolean', alwaysOn: true }],
  },
  form: { sections: [{ fields: ['Name', 'Header', 'Body', 'Active'] }], defaults: { Active: true } },
});
