import { useEffect, useRef } from 'react';
import { useFormContext, useWatch } from 'react-hook-form';
import { NumberInput, required, type Validator } from 'react-admin';
import { CURRENCY, hasBalance, PERCENT, PUNCH_TICKET } from '../../common/promoCodeTypes';
import { useCurrencySign } from '../../common/useCurrencySign';
import { PickerInput } from '../../common/inputs/DateTimeInputs';

/** Default uses per customer: once for percent and fixed-amount codes, as often as the code allows for tickets and cards. */
export const DEFAULT_MAX_USES = 9999;

/**
 * RebateCodeValue by type: a percent 0–100, a punch ticket a whole number of punches (at least 1),
 * money not negative with at most two decimals.
 */
export const validateValue: Validator = (value: unknown, values: Record<string, unknown>) => {
  if (value === null || value === undefined || value === '') return undefined;
  const n = Number(value);
  const type = Number(values?.RebateCodeTypeId);
  if (Number.isNaN(n)) return 'ra.validation.number';
  if (n < 0) return { message: 'ra.validation.minValue', args: { min: 0 } };
  if (type === PERCENT && n > 100) return { message: 'ra.validation.maxValue', args: { max: 100 } };
  if (type === PUNCH_TICKET && (!Number.isInteger(n) || n < 1)) return 'resources.promo-codes.validation.punches';
  if (type !== PERCENT && type !== PUNCH_TICKET && Math.abs(Math.round(n * 100) - n * 100) > 1e-6) return 'resources.promo-codes.validation.decimals';
  return undefined;
};

/** The value field, labelled and validated for the chosen type (percent, amount, punches, card value). */
export function ValueInput({ source }: { source: string }) {
  const type = Number(useWatch({ name: 'RebateCodeTypeId' }) ?? PERCENT);
  const sign = useCurrencySign();
  const label = `resources.promo-codes.valueLabels.${type}`;
  const suffix = type === PERCENT ? '%' : type === PUNCH_TICKET ? '' : sign;
  return (
    <NumberInput
      source={source}
      label={label}
      validate={[required(), validateValue]}
      helperText={`resources.promo-codes.valueHelp.${type}`}
      slotProps={suffix ? { input: { endAdornment: <span>{suffix}</span> } } : undefined}
    />
  );
}

/**
 * On a new code, keeps MaxNumberOfUsesPerCustomer at its type's default while the user has not changed it:
 * 1 for percent and fixed-amount codes, the total for punch tickets and cards.
 */
export function PerCustomerDefault() {
  const { setValue, getFieldState } = useFormContext();
  const type = Number(useWatch({ name: 'RebateCodeTypeId' }));
  const total = Number(useWatch({ name: 'MaxNumberOfUses' }) ?? DEFAULT_MAX_USES);
  const last = useRef<number | null>(null);
  useEffect(() => {
    if (getFieldState('MaxNumberOfUsesPerCustomer').isDirty) return;
    const wanted = hasBalance(type) ? total : type === CURRENCY || type === PERCENT ? 1 : null;
    if (wanted === null || wanted === last.current) return;
    last.current = wanted;
    setValue('MaxNumberOfUsesPerCustomer', wanted);
  }, [type, total, setValue, getFieldState]);
  return null;
}

/** ValidFrom not after ValidTo. */
export const validateValidTo: Validator = (value: unknown, values: Record<string, unknown>) => {
  const from = typeof values?.ValidFrom === 'string' ? values.ValidFrom.slice(0, 10) : '';
  const to = typeof value === 'string' ? value.slice(0, 10) : '';
  return from && to && from > to ? 'resources.promo-codes.validation.toBeforeFrom' : undefined;
};

/** FromTime before ToTime. */
export const validateToTime: Validator = (value: unknown, values: Record<string, unknown>) => {
  const from = typeof values?.FromTime === 'string' ? values.FromTime.slice(0, 5) : '';
  const to = typeof value === 'string' ? value.slice(0, 5) : '';
  return from && to && from >= to ? 'resources.promo-codes.validation.toTimeBeforeFrom' : undefined;
};

/** A time of day (HH:mm), with the clock of the app language. */
export function TimeOfDayInput({ source, validate }: { source: string; validate: Validator[] }) {
  return <PickerInput kind="time" source={source} validate={validate} />;
}
