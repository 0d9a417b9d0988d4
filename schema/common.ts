/**
 * Wire conventions shared by every area (see ../shared/CONTRACT.md).
 * Field names are PascalCase exactly as on the wire.
 */

/** One field error inside a ResponseStatus. */
export interface ResponseError {
  ErrorCode: string;
  FieldName: string;
  Message: string;
}

/** The error body every failing call answers with. */
export interface ResponseStatus {
  ErrorCode: string;
  Message: string;
  Errors: ResponseError[];
}

export interface ErrorResponse {
  ResponseStatus: ResponseStatus;
}

/** Paging and ordering accepted by every list query. */
export interface QueryBase {
  /** @minimum 0 */
  Skip?: number;
  /** @minimum 1 @maximum 1000 */
  Take?: number;
  /** Comma list; a leading '-' reverses one field. @maxLength 200 */
  OrderBy?: string;
  /** @maxLength 200 */
  OrderByDesc?: string;
  /** @maxLength 200 */
  Include?: string;
  /** @maxLength 500 */
  Fields?: string;
  /** @minimum 1 */
  CompanyId?: number;
}

/** Every list answers in this envelope. */
export interface QueryResponse<T> {
  Offset: number;
  Total: number;
  Results: T[];
  Meta?: Record<string, string>;
}

/**
 * Company-local date and time without a zone: yyyy-MM-ddTHH:mm:ss.
 * @pattern ^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}$
 */
export type LocalDateTime = string;

/**
 * A calendar date: yyyy-MM-dd (a LocalDateTime is accepted and its time ignored).
 * @pattern ^\d{4}-\d{2}-\d{2}(T\d{2}:\d{2}(:\d{2})?)?$
 */
export type LocalDate = string;

/**
 * Time of day: HH:mm:ss (HH:mm accepted; seconds are dropped where the spec says so).
 * @pattern ^([01]\d|2[0-3]):[0-5]\d(:[0-5]\d)?$
 */
export type TimeOfDay = string;

/**
 * Day of week, 1 = Monday … 7 = Sunday.
 * @minimum 1
 * @maximum 7
 * @asType integer
 */
export type DayOfWeekId = number;

export interface DayOfWeek {
  DayOfWeekId: DayOfWeekId;
  /** .NET numbering, 0 = Sunday. */
  DotNetDayOfWeekId: number;
  DayOfWeek: string;
}

/** A whole number, for fields that may also be null (`Integer | null`; `@asType` on a union drops the null). @asType integer */
export type Integer = number;

/** A record id. @minimum 1 @asType integer */
export type Id = number;

/** Id/Name pair used for small references. */
export interface IdName {
  Id: Id;
  Name: string;
}

/** Rounded VAT rates a service price may carry, in percent. */
export type VatPercent = 0 | 6 | 12 | 25;
