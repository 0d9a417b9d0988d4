import type { BookingPrintout, BookingPrintoutInput, BookingPrintoutQuery } from '../../../schema/printouts';
import { defineResource, RECORD_FIELDS } from '../../autoquery/index';
import { cleanPrintout } from '../../shared/printout';

/** GET, POST /reports/booking/printout; PUT, DELETE /reports/booking/printout/{Id}. Header and Body are sanitised when saved. */
export const bookingPrintouts = defineResource<BookingPrintout, BookingPrintoutInput, BookingPrintoutQuery>({
  entity: 'BookingPrintout',
  path: '/reports/booking/printout',
  table: 'booking_printouts',
  fields: { ...RECORD_FIELDS, Name: { column: 'name', required: true }, Header: 'header', Body: 'body', Active: { column: 'active', kind: 'bool' } },
  search: ['name'],
  sort: ['Id', 'Name', 'Active', 'Created', 'Updated'],
  defaultSort: 'Name',
  filters: { Id: 'Id', Active: 'Active' },
  hooks: { beforeWrite: (input) => ({ input: cleanPrintout(input) }) },
});
