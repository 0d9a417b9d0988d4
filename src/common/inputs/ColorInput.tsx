import { Box } from '@mui/material';
import { TextInput, type Validator } from 'react-admin';

/** A colour picker storing a CSS hex colour (#rrggbb). */
export function ColorInput({ source, label, validate }: { source: string; label?: string; validate?: Validator | Validator[] }) {
  return (
    <TextInput
      source={source}
      label={label}
      type="color"
      fullWidth={false}
      validate={validate}
      format={(v: unknown) => (typeof v === 'string' && v ? v : '#000000')}
      sx={{ width: 120 }}
      slotProps={{ inputLabel: { shrink: true } }}
    />
  );
}

/** A round colour swatch. */
export function ColorDot({ color, size = 14 }: { color: string | null | undefined; size?: number }) {
  return (
    <Box
      component="span"
      aria-hidden
      sx={{ display: 'inline-block', width: size, height: size, borderRadius: '50%', bgcolor: color || 'grey.400', flexShrink: 0, border: 1, borderColor: 'divider' }}
    />
  );
}
