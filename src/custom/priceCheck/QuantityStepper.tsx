import { IconButton, Stack, Typography } from '@mui/material';
import AddIcon from '@mui/icons-material/Add';
import RemoveIcon from '@mui/icons-material/Remove';
import { useTranslate } from 'react-admin';

export interface QuantityStepperProps {
  value: number;
  /** Lowest value; never below 0. */
  min?: number;
  max: number;
  onChange: (value: number) => void;
  /** Accessible name of the counter (e.g. the price it counts). */
  label: string;
  disabled?: boolean;
}

/**
 * A quantity counter: decrement disabled at or below min, increment disabled at or above max; the
 * quantity never goes below 0 (spec core.md §5).
 */
export function QuantityStepper({ value, min = 0, max, onChange, label, disabled = false }: QuantityStepperProps) {
  const translate = useTranslate();
  const floor = Math.max(0, min);
  return (
    <Stack direction="row" role="group" aria-label={label} sx={{ alignItems: 'center' }}>
      <IconButton
        size="small"
        aria-label={translate('newBookingForm.decrease')}
        disabled={disabled || value <= floor}
        onClick={() => onChange(Math.max(floor, value - 1))}
      >
        <RemoveIcon fontSize="small" />
      </IconButton>
      <Typography component="output" aria-live="polite" sx={{ minWidth: 32, textAlign: 'center', fontWeight: 600 }}>
        {value}
      </Typography>
      <IconButton
        size="small"
        aria-label={translate('newBookingForm.increase')}
        disabled={disabled || value >= max}
        onClick={() => onChange(Math.min(max, value + 1))}
      >
        <AddIcon fontSize="small" />
      </IconButton>
    </Stack>
  );
}
