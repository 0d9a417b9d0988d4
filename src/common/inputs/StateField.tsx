import { TextField, type TextFieldProps } from '@mui/material';
import { useTranslate } from 'react-admin';

/**
 * A small text field outside a react-admin form (a filter, a setting, a test panel), bound to a
 * piece of string state and labelled by a message key.
 * @example
 * const [hours, setHours] = useState('');
 * <StateField type="number" label="messages.reminder.hours" value={hours} onValue={setHours} />
 */
export function StateField({ label, value, onValue, ...props }: Omit<TextFieldProps, 'label' | 'value' | 'onChange' | 'size'> & { label: string; value: string; onValue: (value: string) => void }) {
  const translate = useTranslate();
  return <TextField size="small" label={translate(label)} value={value} onChange={(e) => onValue(e.target.value)} {...props} />;
}
