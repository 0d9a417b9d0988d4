import type { BookingPrintout, BookingPrintoutInput, BookingPrintoutQuery } from '../../../schema/printouts';
import { defineResource, RECORD_FIELDS } from '../../autoquery/index';
import { ApiError } from '../../shared/errors';
import { sanitizeRichText } from '../../shared/html';
import { templateError } from '../../shared/templates/index';

/** Header and Body as stored: merge fields that parse, HTML sanitised by the rich-text rules. */
export function cleanPrintout<T extends { Header?: string; Body?: string }>(input: T): T {
  for (const field of ['Header', 'Body'] as const) {
    const error = templateError(input[field] ?? '');
    if (error) throw ApiError.field(400, field, 'PrintoutTemplateSyntax', { error });
  }
  return { ...input, Header: sanitizeRichText(input.Header ?? ''), Body: sanitizeRichText(input.Body ?? '') };
}

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
