import { describe, expect, it } from 'vitest';
import { phoneDisplay, phoneE164, phoneSearchDigits, storedPhone } from '../../domain/phoneNumbers';

describe('phone numbers', () => {
  it('reads a number in the company country unless it carries its own code', () => {
    expect(phoneE164('073-376 48 21', 'SE')).toBe('+46733764821');
    expect(phoneE164('040 123 456', 'FI')).toBe('+35840123456');
    expect(phoneE164('+46 73 376 48 21', 'NO')).toBe('+46733764821');
    expect(phoneE164('070 123', 'SE')).toBeUndefined();
  });

  it('stores a valid number in E.164, anything else as typed, and nothing as null', () => {
    expect(storedPhone(' 0733764821 ', 'SE')).toBe('+46733764821');
    expect(storedPhone(' 070 123 ', 'SE')).toBe('070 123');
    expect(storedPhone('  ', 'SE')).toBeNull();
    expect(storedPhone(null, 'SE')).toBeNull();
  });

  it('searches by the digits typed and by the whole number in E.164', () => {
    expect(phoneSearchDigits('073 376 48 21', 'SE')).toEqual(['0733764821', '46733764821']);
    expect(phoneSearchDigits('555 12 34', 'SE')).toEqual(['5551234']);
    expect(phoneSearchDigits('Anna', 'SE')).toEqual([]);
    expect(phoneSearchDigits('83', 'SE')).toEqual([]);
  });

  it('shows a stored number nationally in the company country, internationally elsewhere, and anything else as stored', () => {
    expect(phoneDisplay('+46733764821', 'SE')).toBe('073-376 48 21');
    expect(phoneDisplay('+46733764821', 'fi')).toBe('+46 73 376 48 21');
    expect(phoneDisplay('+35840123456', 'FI')).toBe('040 123456');
    expect(phoneDisplay('070 123', 'SE')).toBe('070 123');
    expect(phoneDisplay(null, 'SE')).toBe('');
  });
});
