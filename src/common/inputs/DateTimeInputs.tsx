import type { ReactElement, ReactNode } from 'react';
import { DateTime } from 'luxon';
import { LocalizationProvider } from '@mui/x-date-pickers/LocalizationProvider';
import { AdapterLuxon } from '@mui/x-date-pickers/AdapterLuxon';
import { DatePicker } from '@mui/x-date-pickers/DatePicker';
import { TimePicker } from '@mui/x-date-pickers/TimePicker';
import { DateTimePicker } from '@mui/x-date-pickers/DateTimePicker';
import { enUS, fiFI, nbNO, svSE } from '@mui/x-date-pickers/locales';
import { FieldTitle, InputHelperText, useInput, useLocaleState, useResourceContext, type Validator } from 'react-admin';
import { DEFAULT_LANGUAGE, isLanguage, type Language } from '../../i18n/languages';

/** What a picker edits and how the contract writes it: date `yyyy-MM-dd`, time `HH:mm`, datetime `yyyy-MM-ddTHH:mm:00` (no zone). */
export type PickerKind = 'date' | 'time' | 'datetime';

const WIRE: Record<PickerKind, string> = { date: 'yyyy-MM-dd', time: 'HH:mm', datetime: "yyyy-MM-dd'T'HH:mm':00'" };

/** The app language's date conventions (dateLocale): sv 2026-11-21, fi 21.11.2026, no 21.11.2026, en 21/11/2026; 24 h in all. */
const LOCALES: Record<Language, { adapter: string; text: typeof svSE }> = {
  sv: { adapter: 'sv', text: svSE },
  en: { adapter: 'en-GB', text: enUS },
  fi: { adapter: 'fi', text: fiFI },
  no: { adapter: 'nb', text: nbNO },
};

/** A wire value as a Luxon date (zone-less local), or null when empty or unreadable. */
function fromWire(value: unknown): DateTime | null {
  if (typeof value !== 'string' || value === '') return null;
  const parsed = DateTime.fromISO(value);
  return parsed.isValid ? parsed : null;
}

/**
 * A picked value as the contract writes it; null when cleared. The pickers hand over null while
 * the typed text is not a whole date or time, so a required field says so.
 */
function toWire(kind: PickerKind, value: DateTime | null): string | null {
  return value?.isValid ? value.toFormat(WIRE[kind]) : null;
}

/** Dates and times in the language the admin is shown in, whatever the browser's own. */
export function PickerLocalization({ children }: { children: ReactNode }): ReactElement {
  const [locale] = useLocaleState();
  const { adapter, text } = LOCALES[isLanguage(locale) ? locale : DEFAULT_LANGUAGE];
  return (
    <LocalizationProvider dateAdapter={AdapterLuxon} adapterLocale={adapter} localeText={text.components.MuiLocalizationProvider.defaultProps.localeText}>
      {children}
    </LocalizationProvider>
  );
}

export interface PickerProps {
  kind: PickerKind;
  label: ReactNode;
  /** The wire value (see PickerKind); '' or null for none. */
  value: string | null | undefined;
  onChange(value: string | null): void;
  onBlur?(): void;
  id?: string;
  name?: string;
  className?: string;
  /** Offers no clear button when set. */
  required?: boolean;
  error?: boolean;
  helperText?: ReactNode;
  size?: 'small' | 'medium';
  fullWidth?: boolean;
  /** 'filled' inside react-admin forms, like their other inputs; 'outlined' on hand-built pages. */
  variant?: 'filled' | 'outlined';
  margin?: 'dense' | 'none' | 'normal';
}

/**
 * A date, time or date-and-time field with its calendar or clock, localised to the app language.
 * Controlled with wire strings, for screens outside react-admin forms.
 * @example
 * <Picker kind="date" label={translate('custom.scheduling.report.from')} value={from} onChange={(v) => setFrom(v ?? '')} />
 */
export function Picker({ kind, label, value, onChange, onBlur, id, name, className, required, error, helperText, size, fullWidth, variant = 'outlined', margin }: PickerProps): ReactElement {
  const common = {
    label,
    value: fromWire(value),
    onChange: (v: DateTime | null) => onChange(toWire(kind, v)),
    className,
    slotProps: {
      textField: { id, name, error, helperText, size, fullWidth, onBlur, variant, margin },
      field: { clearable: !required },
    },
  };
  return (
    <PickerLocalization>
      {kind === 'date' ? <DatePicker {...common} /> : kind === 'time' ? <TimePicker {...common} /> : <DateTimePicker {...common} />}
    </PickerLocalization>
  );
}

export interface PickerInputProps {
  kind: PickerKind;
  source: string;
  label?: string | false;
  validate?: Validator | Validator[];
  helperText?: ReactNode;
  fullWidth?: boolean;
  /** Filter forms: react-admin passes these to filter inputs. */
  alwaysOn?: boolean;
}

/**
 * A react-admin input for a date, time or date-and-time field (the engine's `date`, `time` and
 * `datetime` kinds and the hand-built forms): label, required mark and errors as react-admin's own
 * inputs; writes wire strings.
 * @example
 * <PickerInput kind="date" source="ValidFrom" />
 */
export function PickerInput({ kind, source, label, validate, helperText, fullWidth }: PickerInputProps): ReactElement {
  const resource = useResourceContext();
  const {
    id,
    field,
    fieldState: { error, invalid },
    isRequired,
  } = useInput({ source, validate, format: (v: unknown) => (typeof v === 'string' ? v : null) });
  return (
    <Picker
      kind={kind}
      variant="filled"
      margin="dense"
      size="small"
      id={id}
      className={`ra-input ra-input-${source}`}
      name={field.name}
      value={field.value as string | null}
      onChange={(v) => field.onChange(v)}
      onBlur={field.onBlur}
      required={isRequired}
      error={invalid}
      fullWidth={fullWidth}
      label={label === false ? undefined : <FieldTitle label={label} source={source} resource={resource} isRequired={isRequired} />}
      helperText={<InputHelperText error={error?.message} helperText={helperText} />}
    />
  );
}
