import { postcodeValidator, postcodeValidatorExistsForCountry } from 'postcode-validator';

/**
 * Whether a postal code has the form the given country uses (Sweden '123 45' or '12345', Finland
 * '00100', Norway and Denmark four digits, and the other countries postcode-validator knows).
 * A country it does not know accepts any code.
 * @example
 * isValidPostalCode('SE', '123 45'); // true
 * isValidPostalCode('SE', 'abc');    // false
 */
export function isValidPostalCode(country: string, code: string): boolean {
  const c = country.trim().toUpperCase();
  if (!postcodeValidatorExistsForCountry(c)) return true;
  return postcodeValidator(code.trim(), c);
}
