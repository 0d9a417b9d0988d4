import { useState } from 'react';
import { DateTime } from 'luxon';
import { DatePicker } from '@mui/x-date-pickers/DatePicker';
import type { DateValidationError } from '@mui/x-date-pickers/models';
import { useTranslate } from 'react-admin';
import type { LocalDate } from '../../../schema/common';
import { PickerLocalization } from '../../common/inputs/DateTimeInputs';

export interface DayFieldProps {
  label: string;
  /** The day shown. */
  day: LocalDate;
  /** The first day that may be chosen (the company's today). */
  minDay: LocalDate;
  /** A whole date on or after minDay was typed or picked. */
  onDay: (day: LocalDate) => void;
}

const read = (day: LocalDate) => DateTime.fromISO(day);

/**
 * The day field of the time picker. What is typed stays as typed: only a whole date on or after
 * `minDay` moves the calendar; a partial or past one is left in the field (marked, with a hint) and
 * the calendar keeps its day. The calendar popup offers no day before `minDay`. When `day` changes
 * from outside (the arrows, Today), the field shows it.
 * @example
 * <DayField label="Date" day="2030-06-03" minDay="2030-06-01" onDay={(d) => go(d)} />
 */
export function DayField({ label, day, minDay, onDay }: DayFieldProps) {
  const translate = useTranslate();
  const [typed, setTyped] = useState<{ day: LocalDate; value: DateTime | null }>(() => ({ day, value: read(day) }));
  const [error, setError] = useState<DateValidationError>(null);
  // The shown day changed (arrows, Today, or a whole date typed here): the field follows it.
  if (typed.day !== day) setTyped({ day, value: read(day) });

  return (
    <PickerLocalization>
      <DatePicker
        label={label}
        value={typed.value}
        minDate={read(minDay)}
        onChange={(value, context) => {
          setTyped({ day, value });
          if (value?.isValid && context.validationError === null) {
            const next = value.toFormat('yyyy-MM-dd');
            if (next !== day) onDay(next);
          }
        }}
        onError={setError}
        slotProps={{
          textField: {
            name: 'day',
            size: 'small',
            variant: 'outlined',
            helperText: error === 'minDate' ? translate('newBookingForm.dateBeforeToday') : undefined,
          },
          field: { clearable: false },
        }}
      />
    </PickerLocalization>
  );
}
