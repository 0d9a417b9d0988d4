import { maxLength, type Validator } from 'react-admin';
import type { CustomField } from '../../schema/customfields';
import { compilePattern, MAX_PATTERN_VALUE_LENGTH } from '../../domain/patterns';

/**
 * A custom field's own rules (spec core.md §5): mandatory → its MandatoryErrorMessage, pattern (RegExId) →
 * its RegExErrorMessage (checked by RE2 as on the server, so no pattern can stall the browser), text honours MaxLength.
 * @example customFieldValidators(field)('abc', {}) // undefined or the field's message
 */
export function customFieldValidators(field: Pick<CustomField, 'IsMandatory' | 'MandatoryErrorMessage' | 'RegExId' | 'RegExErrorMessage' | 'MaxLength' | 'DataType'>): Validator[] {
  const list: Validator[] = [];
  if (field.IsMandatory) {
    const mandatory = (value: unknown) => (value == null || String(value).trim() === '' ? field.MandatoryErrorMessage || 'ra.validation.required' : undefined);
    // As react-admin's required() is marked: the input shows its asterisk.
    list.push(Object.assign(mandatory, { isRequired: true }));
  }
  if (field.RegExId) {
    const re = compilePattern(field.RegExId);
    if (re) {
      list.push((value: unknown) =>
        value != null && String(value) !== '' && !re.test(String(value)) ? field.RegExErrorMessage || 'engine.validation.pattern' : undefined,
      );
    }
  }
  const limit = field.RegExId ? Math.min(field.MaxLength > 0 ? field.MaxLength : MAX_PATTERN_VALUE_LENGTH, MAX_PATTERN_VALUE_LENGTH) : field.MaxLength;
  if (field.DataType === 'TextBox' && limit > 0) list.push(maxLength(limit));
  return list;
}
