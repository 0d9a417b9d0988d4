import type { CustomField, CustomFieldValueInput } from '../schema/customfields';
import { compilePattern, MAX_PATTERN_VALUE_LENGTH } from './patterns';

/** What validating a value needs to know about its field. */
export type CustomFieldDefinition = Pick<
  CustomField,
  'Id' | 'Name' | 'DataType' | 'IsMandatory' | 'MandatoryErrorMessage' | 'MaxLength' | 'RegExId' | 'RegExErrorMessage' | 'Values' | 'Active'
>;

/** Message keys this rule uses (the server's catalogue in server/shared/customFieldValues.ts renders them). */
export const CUSTOM_FIELD_MESSAGE = 'CustomFieldMessage';
export const CUSTOM_FIELD_NOT_AN_OPTION = 'CustomFieldNotAnOption';
export const CUSTOM_FIELD_UNKNOWN = 'CustomFieldUnknown';

/** Where the rule reports each problem; the server's ValidationErrors is one. */
export interface FieldProblems {
  add(field: string, key: string, params?: Record<string, string | number>): unknown;
}

/**
 * Checks filled-in custom field values against their fields (spec core §5 "Custom fields"):
 * a value must match the field's pattern, else the field's own RegExErrorMessage; a mandatory field
 * must be non-empty, else its MandatoryErrorMessage (dropdowns likewise); text honours MaxLength (at most
 * MAX_PATTERN_VALUE_LENGTH when the field has a pattern); a
 * dropdown value must be one of its options. A value for a field that is not among the definitions
 * is refused, unless it is empty (a form may send every field it shows; an empty one stores nothing). Each problem is added to `errors` under `${fieldPrefix}.${field Id}`.
 *
 * Pass every value the record will have (stored ones merged with the submitted ones) so that a
 * mandatory field already filled in is not reported.
 * @example
 * const errors = new ValidationErrors();
 * validateCustomFieldValues(definitions, body.CustomFieldValues ?? [], errors, 'CustomFieldValues');
 * errors.throwIfAny();   // 400 { Errors: [{ FieldName: 'CustomFieldValues.7', Message: 'Ange medlemsnummer' }] }
 */
export function validateCustomFieldValues(
  definitions: readonly CustomFieldDefinition[],
  values: readonly CustomFieldValueInput[],
  errors: FieldProblems,
  fieldPrefix: string,
): void {
  const byId = new Map(definitions.map((d) => [d.Id, d]));
  const given = new Map<number, string>();
  for (const v of values) {
    if (byId.has(v.Id)) given.set(v.Id, v.Value ?? '');
    else if ((v.Value ?? '').trim() !== '') errors.add(`${fieldPrefix}.${v.Id}`, CUSTOM_FIELD_UNKNOWN, { id: v.Id });
  }
  for (const def of definitions) {
    const field = `${fieldPrefix}.${def.Id}`;
    const value = given.get(def.Id) ?? '';
    if (value.trim() === '') {
      if (def.IsMandatory && def.Active) {
        if (def.MandatoryErrorMessage) errors.add(field, CUSTOM_FIELD_MESSAGE, { message: def.MandatoryErrorMessage });
        else errors.add(field, 'NotEmpty', { field: def.Name });
      }
      continue;
    }
    if (def.DataType === 'DropDown') {
      if (!def.Values.some((o) => o.Value === value)) errors.add(field, CUSTOM_FIELD_NOT_AN_OPTION, { field: def.Name });
      continue;
    }
    const maxLength = def.RegExId ? Math.min(def.MaxLength > 0 ? def.MaxLength : MAX_PATTERN_VALUE_LENGTH, MAX_PATTERN_VALUE_LENGTH) : def.MaxLength;
    if (maxLength > 0 && value.length > maxLength) {
      errors.add(field, 'MaxLength', { field: def.Name, limit: maxLength });
      continue;
    }
    const pattern = def.RegExId ? compilePattern(def.RegExId) : null;
    if (pattern && !pattern.test(value)) {
      if (def.RegExErrorMessage) errors.add(field, CUSTOM_FIELD_MESSAGE, { message: def.RegExErrorMessage });
      else errors.add(field, 'InvalidFormat', { field: def.Name });
    }
  }
}
