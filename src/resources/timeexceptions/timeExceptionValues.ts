import type { TimeException, TimeExceptionInput } from '../../../schema/availability';

/** Colour of a new time exception (the palette's red). */
export const DEFAULT_EXCEPTION_COLOR = '#e57373';

/** What the time exception form edits: dates yyyy-MM-dd, times HH:mm. */
export interface TimeExceptionFormValues {
  FromDate: string;
  FromTime: string;
  ToDate: string;
  ToTime: string;
  IsRecurring: boolean;
  DaysOfWeek: number[];
  ResourceIds: number[];
  ReasonText: string | null;
  ReasonTextPublic: string | null;
  Color: string | null;
  BlockTime: boolean;
  Private: boolean;
}

/** A new exception on `day` (yyyy-MM-dd, the company's today) 12:00–13:00, blocking, every resource. */
export function newTimeException(day: string): TimeExceptionFormValues {
  return {
    FromDate: day,
    FromTime: '12:00',
    ToDate: day,
    ToTime: '13:00',
    IsRecurring: false,
    DaysOfWeek: [],
    ResourceIds: [],
    ReasonText: null,
    ReasonTextPublic: null,
    Color: DEFAULT_EXCEPTION_COLOR,
    BlockTime: true,
    Private: false,
  };
}

/**
 * A time exception as read → the form's values.
 * @example timeExceptionToForm(lunch).FromTime // '12:00'
 */
export function timeExceptionToForm(record: TimeException): TimeExceptionFormValues {
  return {
    FromDate: record.From.slice(0, 10),
    FromTime: (record.IsRecurring ? record.FromTime : record.From.slice(11, 16)).slice(0, 5),
    ToDate: record.To.slice(0, 10),
    ToTime: (record.IsRecurring ? record.ToTime : record.To.slice(11, 16)).slice(0, 5),
    IsRecurring: record.IsRecurring,
    DaysOfWeek: record.DaysOfWeek.map((d) => d.DayOfWeekId),
    ResourceIds: record.ResourceIds,
    ReasonText: record.ReasonText,
    ReasonTextPublic: record.ReasonTextPublic,
    Color: record.Color,
    BlockTime: record.BlockTime,
    Private: record.Private,
  };
}

const time = (t: string | undefined): string => (t ? `${t.slice(0, 5)}:00` : '00:00:00');

/**
 * The form's values → body of POST /timeexceptions and PUT /timeexceptions/{Id}. A recurring
 * exception covers FromTime–ToTime on each chosen weekday from FromDate to ToDate; otherwise it is
 * the continuous range FromDate FromTime – ToDate ToTime.
 * @example timeExceptionToBody({ ...newTimeException(), IsRecurring: true }).From // 'yyyy-MM-ddT00:00:00'
 */
export function timeExceptionToBody(values: TimeExceptionFormValues): TimeExceptionInput {
  const recurring = !!values.IsRecurring;
  return {
    From: `${values.FromDate}T${recurring ? '00:00:00' : time(values.FromTime)}`,
    To: `${values.ToDate}T${recurring ? '00:00:00' : time(values.ToTime)}`,
    FromTime: time(values.FromTime),
    ToTime: time(values.ToTime),
    IsRecurring: recurring,
    DaysOfWeek: recurring ? [...new Set(values.DaysOfWeek ?? [])].sort((a, b) => a - b) : [],
    ResourceIds: values.ResourceIds ?? [],
    ReasonText: values.ReasonText?.trim() || null,
    ReasonTextPublic: values.ReasonTextPublic?.trim() || null,
    Color: values.Color || null,
    BlockTime: values.BlockTime ?? true,
    Private: values.Private ?? false,
  };
}
