import Personnummer from 'personnummer';
import Organisationsnummer from 'organisationsnummer';
import { validateNorwegianIdNumber } from 'norwegian-national-id-validator';
import { isValid as isValidFinnishPersonalCode } from 'finnish-personal-identity-code-validator';

/** The countries whose identity numbers the product checks. */
export type IdCountry = 'SE' | 'DK' | 'FI' | 'NO';

const DIGITS = /\D/g;

/**
 * Danish CPR number: DDMMYY-SSSS with a real date. The modulus-11 check was dropped for numbers
 * issued since 2007, so only the date and the century digit rules are checked.
 */
function isValidDanishCpr(input: string): boolean {
  if (!/^\d{6}-?\d{4}$/.test(input.trim())) return false;
  const d = input.replace(DIGITS, '');
  const day = Number(d.slice(0, 2));
  const month = Number(d.slice(2, 4));
  const yy = Number(d.slice(4, 6));
  const seventh = Number(d[6]);
  let century: number;
  if (seventh <= 3) century = 1900;
  else if (seventh === 4 || seventh === 9) century = yy <= 36 ? 2000 : 1900;
  else century = yy <= 57 ? 2000 : 1800;
  const date = new Date(Date.UTC(century + yy, month - 1, day));
  return date.getUTCFullYear() === century + yy && date.getUTCMonth() === month - 1 && date.getUTCDate() === day;
}

/**
 * Whether a personal identity number is valid in the given country: Swedish personnummer
 * (including coordination numbers), Danish CPR, Norwegian fødselsnummer/D-number and Finnish henkilötunnus.
 * @example
 * isValidPersonalIdentityNumber('SE', '19900101-0017'); // true
 * isValidPersonalIdentityNumber('FI', '131052-308T');   // true
 */
export function isValidPersonalIdentityNumber(country: IdCountry, value: string): boolean {
  const v = value.trim();
  switch (country) {
    case 'SE':
      return Personnummer.valid(v, { allowCoordinationNumber: true, allowInterimNumber: false });
    case 'DK':
      return isValidDanishCpr(v);
    case 'NO':
      return /^\d{6}\s?\d{5}$/.test(v) && validateNorwegianIdNumber(v.replace(/\s/g, ''));
    case 'FI':
      return isValidFinnishPersonalCode(v.toUpperCase());
  }
}

function weightedSum(digits: string, weights: readonly number[]): number {
  return weights.reduce((sum, w, i) => sum + w * Number(digits[i]), 0);
}

/** Norwegian organisasjonsnummer: 9 digits, modulus 11 with weights 3 2 7 6 5 4 3 2. */
function isValidNorwegianOrgNumber(v: string): boolean {
  const d = v.replace(/[\s-]/g, '').replace(/^NO/i, '').replace(/MVA$/i, '');
  if (!/^[89]\d{8}$/.test(d)) return false;
  const rest = weightedSum(d, [3, 2, 7, 6, 5, 4, 3, 2]) % 11;
  const check = rest === 0 ? 0 : 11 - rest;
  return check !== 10 && check === Number(d[8]);
}

/** Danish CVR number: 8 digits, weighted sum with 2 7 6 5 4 3 2 1 divisible by 11. */
function isValidDanishCvr(v: string): boolean {
  const d = v.replace(/[\s-]/g, '').replace(/^DK/i, '');
  if (!/^[1-9]\d{7}$/.test(d)) return false;
  return weightedSum(d, [2, 7, 6, 5, 4, 3, 2, 1]) % 11 === 0;
}

/** Finnish Y-tunnus: 7 digits, dash, check digit (weights 7 9 10 5 8 4 2; remainder 1 is never issued). */
function isValidFinnishBusinessId(v: string): boolean {
  const m = /^(\d{6,7})-(\d)$/.exec(v.trim());
  if (!m) return false;
  const d = m[1].padStart(7, '0');
  const rest = weightedSum(d, [7, 9, 10, 5, 8, 4, 2]) % 11;
  if (rest === 1) return false;
  const check = rest === 0 ? 0 : 11 - rest;
  return check === Number(m[2]);
}

/**
 * Whether an organisation number is valid in the given country: Swedish organisationsnummer,
 * Danish CVR, Norwegian organisasjonsnummer, Finnish Y-tunnus.
 * @example
 * isValidOrganisationNumber('SE', '556016-0680'); // true
 * isValidOrganisationNumber('NO', '923609016');   // true
 */
export function isValidOrganisationNumber(country: IdCountry, value: string): boolean {
  const v = value.trim();
  switch (country) {
    case 'SE':
      return Organisationsnummer.valid(v);
    case 'DK':
      return isValidDanishCvr(v);
    case 'NO':
      return isValidNorwegianOrgNumber(v);
    case 'FI':
      return isValidFinnishBusinessId(v);
  }
}

/**
 * The VAT number a Swedish company has unless it says otherwise: SE + organisation number
 * without dash + 01.
 * @example
 * defaultSwedishVatNumber('556677-8899'); // 'SE556677889901'
 */
export function defaultSwedishVatNumber(organisationNumber: string): string {
  return `SE${organisationNumber.replace(/\D/g, '')}01`;
}
