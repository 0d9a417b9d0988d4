import { fireEvent, screen } from '@testing-library/react';

/**
 * The text input behind a date or time picker (the picker's group carries the same label).
 * @example fireEvent.change(pickerInput(/^Valid from/), { target: { value: '10/06/2025' } });
 */
export function pickerInput(label: RegExp | string, index = 0): HTMLInputElement {
  const inputs = screen.getAllByLabelText(label).filter((el): el is HTMLInputElement => el instanceof HTMLInputElement);
  if (!inputs[index]) throw new Error(`no date or time input labelled ${String(label)}`);
  return inputs[index];
}

/** Types a value into a picker as the field shows it in the app language (en: DD/MM/YYYY, 24-hour clock; sv: YYYY-MM-DD). */
export function pick(label: RegExp | string, value: string, index = 0): void {
  fireEvent.change(pickerInput(label, index), { target: { value } });
}
