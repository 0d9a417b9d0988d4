import { describe, expect, it } from 'vitest';
import { ApiError, ValidationErrors } from '../../server/shared/errors';
import { validateCustomFieldValues, type CustomFieldDefinition } from '../../domain/customFields';

const membership: CustomFieldDefinition = {
  Id: 1,
  Name: 'Membership number',
  DataType: 'TextBox',
  IsMandatory: true,
  MandatoryErrorMessage: 'Ange ditt medlemsnummer',
  MaxLength: 8,
  RegExId: '^M\\d+$',
  RegExErrorMessage: 'Medlemsnumret börjar med M följt av siffror',
  Values: [],
  Active: true,
};
const level: CustomFieldDefinition = {
  Id: 2,
  Name: 'Level',
  DataType: 'DropDown',
  IsMandatory: false,
  MandatoryErrorMessage: null,
  MaxLength: 100,
  RegExId: null,
  RegExErrorMessage: null,
  Values: [
    { Value: 'Beginner', SortOrder: 1 },
    { Value: 'Advanced', SortOrder: 2 },
  ],
  Active: true,
};

/** The field errors validateCustomFieldValues collected, as (field, code, message param). */
function problems(defs: CustomFieldDefinition[], values: { Id: number; Value: string }[]) {
  const errors = new ValidationErrors();
  validateCustomFieldValues(defs, values, errors, 'CustomFieldValues');
  try {
    errors.throwIfAny();
    return [];
  } catch (err) {
    return ((err as ApiError).pending ?? []).map((p) => ({ field: p.field, key: p.key, message: p.params.message }));
  }
}

describe('validateCustomFieldValues', () => {
  it('accepts values that follow every rule', () => {
    expect(problems([membership, level], [{ Id: 1, Value: 'M1234' }, { Id: 2, Value: 'Advanced' }])).toEqual([]);
  });

  it("answers a pattern mismatch with the field's own RegExErrorMessage", () => {
    expect(problems([membership], [{ Id: 1, Value: 'X99' }])).toEqual([
      { field: 'CustomFieldValues.1', key: 'CustomFieldMessage', message: 'Medlemsnumret börjar med M följt av siffror' },
    ]);
  });

  it('answers a missing or blank mandatory value with MandatoryErrorMessage', () => {
    const expected = [{ field: 'CustomFieldValues.1', key: 'CustomFieldMessage', message: 'Ange ditt medlemsnummer' }];
    expect(problems([membership], [])).toEqual(expected);
    expect(problems([membership], [{ Id: 1, Value: '   ' }])).toEqual(expected);
  });

  it('falls back to the generic messages when the field has none of its own', () => {
    const plain = { ...membership, MandatoryErrorMessage: null, RegExErrorMessage: null };
    expect(problems([plain], []).map((p) => p.key)).toEqual(['NotEmpty']);
    expect(problems([plain], [{ Id: 1, Value: 'abc' }]).map((p) => p.key)).toEqual(['InvalidFormat']);
  });

  it('treats a mandatory dropdown like a mandatory text', () => {
    expect(problems([{ ...level, IsMandatory: true, MandatoryErrorMessage: 'Välj nivå' }], [])).toEqual([
      { field: 'CustomFieldValues.2', key: 'CustomFieldMessage', message: 'Välj nivå' },
    ]);
  });

  it('honours MaxLength on text fields', () => {
    expect(problems([membership], [{ Id: 1, Value: 'M12345678' }]).map((p) => p.key)).toEqual(['MaxLength']);
  });

  it('accepts only one of the options of a dropdown', () => {
    expect(problems([level], [{ Id: 2, Value: 'Expert' }]).map((p) => [p.field, p.key])).toEqual([['CustomFieldValues.2', 'CustomFieldNotAnOption']]);
    expect(problems([level], [{ Id: 2, Value: '' }])).toEqual([]);
  });

  it('refuses a value for a field that is not among the definitions', () => {
    expect(problems([level], [{ Id: 99, Value: 'x' }]).map((p) => [p.field, p.key])).toEqual([['CustomFieldValues.99', 'CustomFieldUnknown']]);
  });

  it('ignores an empty value for a field that does not apply (a form sends every field it shows)', () => {
    expect(problems([level], [{ Id: 99, Value: '' }])).toEqual([]);
  });

  it('does not require an inactive mandatory field', () => {
    expect(problems([{ ...membership, Active: false }], [])).toEqual([]);
  });

  it('reports every bad field at once', () => {
    expect(problems([membership, level], [{ Id: 2, Value: 'Nope' }]).map((p) => p.field)).toEqual(['CustomFieldValues.1', 'CustomFieldValues.2']);
  });
});
