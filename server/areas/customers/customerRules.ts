import type { Db } from '../../db/db';
import type { CountryId } from '../../../schema/company';
import type { CustomFieldValueInput } from '../../../schema/customfields';
import { isValidPersonalIdentityNumber } from '../../../domain/identityNumbers';
import { isValidPostalCode } from '../../../domain/postalCodes';
import { checkFieldsWhenRefused, ValidationErrors } from '../../shared/errors';
import { checkCustomFieldValues } from '../../shared/customFieldValues';
import { ACCESS_KEY_TYPES } from '../../shared/reference';
import { sentId, sentList, sentObject, sentString } from '../../shared/sentInput';
import { companyCountry } from '../../shared/context';

export const CUSTOM_FIELD_TABLE = 'RegisteredUsers';

/** The custom field values as sent, when every one has the schema's shape (else the schema speaks). */
function sentCustomFieldValues(value: unknown): CustomFieldValueInput[] | undefined {
  const list = sentList(value);
  if (!list) return undefined;
  const values: CustomFieldValueInput[] = [];
  for (const item of list) {
    const entry = sentObject(item);
    const id = sentId(entry?.Id);
    const text = entry?.Value;
    if (id === undefined || typeof text !== 'string') return undefined;
    values.push({ Id: id, Value: text });
  }
  return values;
}

/**
 * A customer body's rules beyond its schema, all at once: names not blank, the personal identity
 * number and the invoice postal code valid in the company's country (or the address's), access keys
 * of a known type with a value, and the custom fields' own rules. Each reads only the fields that
 * have the schema's types, so it runs on the body as sent (before the schema, naming its fields
 * with the schema's) as well as on the checked body inside the write.
 * @example
 * const errors = new ValidationErrors();
 * await checkCustomer(db, ctx.companyId, undefined, { Firstname: ' ', Lastname: 'Berg' }, errors); // Firstname: NotEmpty
 */
export async function checkCustomer(db: Db, companyId: number, existingId: number | undefined, body: Record<string, unknown>, errors: ValidationErrors): Promise<void> {
  for (const field of ['Firstname', 'Lastname'] as const) {
    const name = sentString(body[field]);
    if (name !== undefined && !name.trim()) errors.add(field, 'NotEmpty');
  }
  let country: CountryId | undefined;
  const countryOfCompany = async () => (country ??= await companyCountry(db, companyId));
  const pin = sentString(body.PersonalIdentityNumber)?.trim();
  if (pin) {
    const at = await countryOfCompany();
    if (!isValidPersonalIdentityNumber(at, pin)) errors.add('PersonalIdentityNumber', 'PersonalIdentityNumberInvalid', { country: at });
  }
  const address = sentObject(body.InvoiceAddress);
  const postal = sentString(address?.InvoicePostalCode)?.trim();
  if (postal) {
    const at = sentString(address?.InvoiceCountryCode)?.trim() || (await countryOfCompany());
    if (!isValidPostalCode(at, postal)) errors.add('InvoiceAddress.InvoicePostalCode', 'PostalCodeInvalid', { country: at.toUpperCase() });
  }
  (sentList(body.AccessKeys) ?? []).forEach((item, i) => {
    const key = sentObject(item);
    if (!key) return;
    if (typeof key.AccessKeyTypeId === 'number' && !ACCESS_KEY_TYPES.some((t) => t.id === key.AccessKeyTypeId)) errors.add(`AccessKeys[${i}].AccessKeyTypeId`, 'InvalidValue');
    const value = sentString(key.Value);
    if (value !== undefined && !value.trim()) errors.add(`AccessKeys[${i}].Value`, 'NotEmpty');
  });
  const values = body.CustomFieldValues === undefined ? undefined : sentCustomFieldValues(body.CustomFieldValues);
  if (body.CustomFieldValues === undefined || values) await checkCustomFieldValues(db, companyId, CUSTOM_FIELD_TABLE, existingId, values, { errors });
}

/** checkCustomer before the schema when the request is refused anyway, for POST /customers and PUT /customers/{Id}. */
export const customerRulesEarly = checkFieldsWhenRefused(async (request, refuse) => {
  const body = sentObject(request.body);
  if (!body || !request.ctx) return;
  const errors = new ValidationErrors();
  await checkCustomer(request.server.db, request.ctx.companyId, sentId((request.params as Record<string, unknown> | undefined)?.Id), body, errors);
  errors.refuseEach(refuse);
});
