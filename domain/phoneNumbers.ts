import { parsePhoneNumberFromString, type CountryCode } from 'libphonenumber-js';

/**
 * A phone number in E.164 ('+46733764821') when the text is a valid number, read in the given
 * country when it has no country code of its own; undefined otherwise (a short internal number,
 * half a number). Phone numbers are stored this way, so one number typed two ways is one number.
 * @example
 * phoneE164('073-376 48 21', 'SE');    // '+46733764821'
 * phoneE164('+46 73 376 48 21', 'FI'); // '+46733764821'
 * phoneE164('070 123', 'SE');          // undefined
 */
export function phoneE164(text: string, country: string): string | undefined {
  const parsed = parsePhoneNumberFromString(text.trim(), country.trim().toUpperCase() as CountryCode);
  return parsed?.isValid() ? parsed.number : undefined;
}

/**
 * The phone as it is stored: E.164 when it is a valid number (see phoneE164), else as typed, trimmed;
 * null for none.
 * @example storedPhone(' 0733764821 ', 'SE'); // '+46733764821'
 */
export function storedPhone(text: string | null | undefined, country: string): string | null {
  const typed = text?.trim();
  if (!typed) return null;
  return phoneE164(typed, country) ?? typed;
}

/**
 * The digits a search text finds a stored phone by, when the text could be (part of) a phone number:
 * its own digits ('555 12 34' finds '+46705551234'), and those of its E.164 form when it is a whole
 * valid number ('0733764821' finds '+46733764821' and '+46 73 376 48 21' alike). Empty otherwise.
 * @example phoneSearchDigits('073 376 48 21', 'SE'); // ['0733764821', '46733764821']
 */
export function phoneSearchDigits(text: string, country: string): string[] {
  if (!mayBePhone(text)) return [];
  const typed = text.trim();
  const digits = typed.replace(/[^0-9]/g, '');
  const e164 = phoneE164(typed, country);
  return [...new Set([digits, ...(e164 ? [e164.slice(1)] : [])])];
}

/**
 * A stored phone as people read it: in the national format when it is a number of the company's
 * country, else in the international one; as stored when it is not a valid number.
 * @example
 * phoneDisplay('+46733764821', 'SE'); // '073-376 48 21'
 * phoneDisplay('+358401234567', 'SE'); // '+358 40 1234567'
 * phoneDisplay('1234', 'SE');         // '1234'
 */
export function phoneDisplay(stored: string | null | undefined, country: string): string {
  if (!stored) return '';
  const parsed = stored.startsWith('+') ? parsePhoneNumberFromString(stored) : undefined;
  if (!parsed?.isValid()) return stored;
  return parsed.country === country.trim().toUpperCase() ? parsed.formatNational() : parsed.formatInternational();
}

/**
 * Whether a search text could be (part of) a phone number: phone characters only, three digits or
 * more. Lets a caller skip reading the company's country for every other search.
 * @example mayBePhone('555 12 34'); // true
 */
export function mayBePhone(text: string): boolean {
  const typed = text.trim();
  return /^[+0-9 ()-]+$/.test(typed) && typed.replace(/[^0-9]/g, '').length >= 3;
}
