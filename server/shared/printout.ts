import type { Db } from '../db/db';
import { ApiError } from './errors';
import { sanitizeRichText } from './html';
import type { Lang } from './messages';
import { drawRichText, pdfBuffer } from './pdf';
import { bookingMergeData, renderTemplate, templateError } from './templates/index';

/** A booking printout's layout: its name, and header and body as rich text with merge fields. */
export interface PrintoutLayout {
  Name: string;
  Header: string;
  Body: string;
}

/** A printout's Header and Body as stored: merge fields that parse (else 400 'PrintoutTemplateSyntax' naming the field), HTML sanitised by the rich-text rules. */
export function cleanPrintout<T extends { Header?: string; Body?: string }>(input: T): T {
  for (const field of ['Header', 'Body'] as const) {
    const error = templateError(input[field] ?? '');
    if (error) throw ApiError.field(400, field, 'PrintoutTemplateSyntax', { error });
  }
  return { ...input, Header: sanitizeRichText(input.Header ?? ''), Body: sanitizeRichText(input.Body ?? '') };
}

/**
 * A booking printed with a printout layout, as PDF: the header and body with the booking's merge
 * fields filled in (escaped, then sanitised). Null when the company has no such booking.
 * Used by the printout test call (settings) and by a booking's report option 2 (bookings).
 * @example
 * const pdf = await bookingPrintoutPdf(db, companyId, 12, { Name: 'Arbetsorder', Header: '<h1>{{ Service.Name }}</h1>', Body: '' }, 'sv');
 */
export async function bookingPrintoutPdf(db: Db, companyId: number, bookingId: number, layout: PrintoutLayout, lang: Lang): Promise<Buffer | null> {
  const data = await bookingMergeData(db, companyId, bookingId, lang);
  if (!data) return null;
  const header = await renderTemplate(layout.Header, data, 'html');
  const body = await renderTemplate(layout.Body, data, 'html');
  return pdfBuffer(`${layout.Name} – ${bookingId}`, (doc) => {
    drawRichText(doc, header);
    doc.moveDown();
    drawRichText(doc, body);
  });
}
