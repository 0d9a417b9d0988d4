import type { Id, LocalDateTime, QueryBase } from './common';

/** A booking printout: the header and body (rich text) printed for a booking. */
export interface BookingPrintout {
  Id: Id;
  Name: string;
  /** Rich text (HTML), sanitised where it is shown. */
  Header: string;
  /** Rich text (HTML), sanitised where it is shown. */
  Body: string;
  Active: boolean;
  Created: LocalDateTime;
  Updated: LocalDateTime;
}

/** Body of POST /reports/booking/printout and PUT /reports/booking/printout/{Id}. */
export interface BookingPrintoutInput {
  /** @minLength 1 @maxLength 100 */
  Name: string;
  /** @maxLength 20000 */
  Header?: string;
  /** @maxLength 100000 */
  Body?: string;
  Active?: boolean;
  /** When present it must be the caller's company. @minimum 1 */
  CompanyId?: number;
}

export interface BookingPrintoutQuery extends QueryBase {
  /** Repeat for several: Id=1&Id=2. @maxItems 1000 */
  Id?: Id[];
  /** @maxLength 200 */
  Search?: string;
  Active?: boolean;
}

/** POST /reports/booking/printout/test: a printout (stored, or the Header and Body being edited) printed for a real booking, as PDF. */
export interface BookingPrintoutTest {
  /** A stored printout; its Header and Body unless they are given. @minimum 1 */
  Id?: Id;
  /** The booking to print; the company's latest booking when missing. @minimum 1 */
  BookingId?: Id;
  /** @maxLength 100 */
  Name?: string;
  /** @maxLength 20000 */
  Header?: string;
  /** @maxLength 100000 */
  Body?: string;
  /** @minimum 1 */
  CompanyId?: number;
}

/** GET /reports/booking/printout/fieldtranslations: a merge field and its name in the caller's language. */
export interface PrintoutFieldTranslation {
  /** e.g. Customer.Firstname */
  Id: string;
  /** What to write in the text, e.g. {{ Customer.Firstname }} */
  Field: string;
  Name: string;
}
