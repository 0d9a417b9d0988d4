import { useState } from 'react';
import { Box, Chip, MenuItem, Stack, TextField, Typography } from '@mui/material';
import { FieldTitle, InputHelperText, useInput, useResourceContext, useTranslate, type Validator } from 'react-admin';
import { useWatch } from 'react-hook-form';
import { durationOptions, normalizeDurations } from '../../../domain/durations';
import { DURATION_UNITS, splitDuration, unitOf, type DurationUnit } from './durationUnits';

/**
 * A duration in minutes edited as a number with a unit (minutes, hours, days); the number is at least 1.
 * @example <DurationInput source="Duration" validate={required()} />
 */
export function DurationInput({ source, validate = [] }: { source: string; validate?: Validator[] }) {
  const translate = useTranslate();
  const resource = useResourceContext();
  const [unit, setUnit] = useState<DurationUnit | null>(null);
  const atLeastOne: Validator = (minutes: unknown) =>
    typeof minutes === 'number' && minutes / DURATION_UNITS[currentUnit] < 1 ? { message: 'ra.validation.minValue', args: { min: 1 } } : undefined;
  const { field, fieldState, id, isRequired } = useInput({ source, validate: [...validate, atLeastOne] });
  const minutes = typeof field.value === 'number' ? field.value : null;
  const currentUnit = unit ?? unitOf(minutes);
  const amount = minutes == null ? '' : String(Math.round((minutes / DURATION_UNITS[currentUnit]) * 100) / 100);
  const error = fieldState.invalid ? fieldState.error?.message : undefined;

  return (
    <Stack direction="row" spacing={1} sx={{ mb: 1, alignItems: 'flex-start' }}>
      <TextField
        id={id}
        type="number"
        size="small"
        label={<FieldTitle source={source} resource={resource} isRequired={isRequired} />}
        value={amount}
        onChange={(e) => {
          setUnit(currentUnit);
          field.onChange(e.target.value === '' ? null : Math.round(Number(e.target.value) * DURATION_UNITS[currentUnit]));
        }}
        onBlur={field.onBlur}
        error={!!error}
        helperText={<InputHelperText error={error} />}
        slotProps={{ htmlInput: { step: 1 } }}
      />
      <TextField
        select
        size="small"
        label={translate('resources.services.unit')}
        value={currentUnit}
        onChange={(e) => {
          const next = e.target.value as DurationUnit;
          setUnit(next);
          if (minutes != null) field.onChange(Math.round((minutes / DURATION_UNITS[currentUnit]) * DURATION_UNITS[next]));
        }}
        sx={{ minWidth: 120 }}
      >
        {(Object.keys(DURATION_UNITS) as DurationUnit[]).map((u) => (
          <MenuItem key={u} value={u}>
            {translate(`resources.services.units.${u}`)}
          </MenuItem>
        ))}
      </TextField>
    </Stack>
  );
}

/**
 * "2 h", "90 min", "1 d" in the current language.
 * @example <DurationText minutes={120} />
 */
export function DurationText({ minutes }: { minutes: number }) {
  const translate = useTranslate();
  const { amount, unit } = splitDuration(minutes);
  return <>{translate(`resources.services.unitsShort.${unit}`, { n: amount })}</>;
}

/** The durations a customer may choose with the current flexible settings: min to max in steps of the interval. */
export function FlexibleDurationPreview() {
  const translate = useTranslate();
  const [duration, min, max, interval] = useWatch({ name: ['Duration', 'MinDuration', 'MaxDuration', 'DurationInterval'] }) as (number | null)[];
  if (!duration || duration < 1) return null;
  const { durations } = normalizeDurations({ Duration: duration, MinDuration: min, MaxDuration: max, DurationInterval: interval });
  const options = durations.interval >= 1 && durations.minDuration <= durations.maxDuration ? durationOptions(durations).slice(0, 100) : [];
  return (
    <Box sx={{ mb: 2 }} data-testid="duration-preview">
      <Typography variant="subtitle2">{translate('resources.services.durationPreview')}</Typography>
      <Stack direction="row" sx={{ flexWrap: 'wrap', gap: 0.5, mt: 0.5 }}>
        {options.map((m) => (
          <Chip key={m} size="small" label={<DurationText minutes={m} />} />
        ))}
      </Stack>
      {max != null && max !== durations.maxDuration ? (
        <Typography variant="caption" color="text.secondary">
          {translate('resources.services.maxTrimmed', { max: durations.maxDuration })}
        </Typography>
      ) : null}
    </Box>
  );
}
