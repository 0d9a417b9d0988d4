import { Box, MenuItem, TextField, Typography } from '@mui/material';
import { TextInput, useInput, useLocale, useTranslate } from 'react-admin';
import { useWatch } from 'react-hook-form';
import type { AvailableTime } from '../../../schema/availability';
import { formatRange, MAX_OCCURRENCES, REPEAT_FREQUENCIES, repeatDates, type RepeatFrequency } from './calendar';

/** Frequency and number of occurrences, with the further dates they give. */
export function RepeatInputs({ time }: { time: AvailableTime | null }) {
  const translate = useTranslate();
  const locale = useLocale();
  return (
    <Box sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' }, columnGap: 2 }}>
      <RepeatFrequencyInput />
      <RepeatCount />
      <RepeatPreview time={time} locale={locale} translate={translate} />
    </Box>
  );
}

/**
 * How often the booking repeats, "Does not repeat" first. Always has a value, so it offers no empty
 * choice (react-admin's SelectInput adds one to every input that is not required).
 */
function RepeatFrequencyInput() {
  const translate = useTranslate();
  const { id, field } = useInput({ source: 'RepeatFrequency' });
  return (
    <TextField
      select
      id={id}
      name={field.name}
      inputRef={field.ref}
      value={(field.value as RepeatFrequency | undefined) ?? 'none'}
      onChange={(e) => field.onChange(e.target.value as RepeatFrequency)}
      onBlur={field.onBlur}
      label={translate('newBookingForm.repeat')}
      className="ra-input ra-input-RepeatFrequency"
      fullWidth
    >
      {REPEAT_FREQUENCIES.map((frequency) => (
        <MenuItem key={frequency} value={frequency}>
          {translate(`newBookingForm.repeatFrequencies.${frequency}`)}
        </MenuItem>
      ))}
    </TextField>
  );
}

function RepeatCount() {
  const frequency = useFormValue<RepeatFrequency>('RepeatFrequency');
  if (frequency === 'none') return null;
  return (
    <TextInput
      source="RepeatCount"
      type="number"
      label="newBookingForm.occurrences"
      parse={(v: string) => (v === '' ? '' : Number(v))}
      validate={(v: unknown) => (typeof v === 'number' && Number.isInteger(v) && v >= 1 && v <= MAX_OCCURRENCES ? undefined : { message: 'newBookingForm.occurrencesRange', args: { max: MAX_OCCURRENCES } })}
      slotProps={{ htmlInput: { min: 1, max: MAX_OCCURRENCES } }}
      fullWidth
      helperText={false}
    />
  );
}

function RepeatPreview({ time, locale, translate }: { time: AvailableTime | null; locale: string; translate: ReturnType<typeof useTranslate> }) {
  const frequency = useFormValue<RepeatFrequency>('RepeatFrequency');
  const count = useFormValue<number>('RepeatCount');
  if (!time || frequency === 'none' || typeof count !== 'number' || count < 2 || count > MAX_OCCURRENCES) return null;
  const dates = repeatDates(time.From, time.To, frequency, count);
  return (
    <Box sx={{ gridColumn: '1 / -1' }}>
      <Typography variant="body2">{translate('newBookingForm.alsoBooked', { smart_count: dates.length })}</Typography>
      <Box component="ul" sx={{ m: 0, pl: 2.5, columns: { sm: 2 } }} data-testid="repeat-dates">
        {dates.map((d) => (
          <Typography component="li" variant="body2" key={d.From}>
            {formatRange(d.From, d.To, locale)}
          </Typography>
        ))}
      </Box>
    </Box>
  );
}

/** Reads one value of the surrounding form, re-rendering when it changes. */
function useFormValue<T>(name: string): T {
  return useWatch({ name }) as T;
}
