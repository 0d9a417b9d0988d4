import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import {
  defaultSwedishVatNumber,
  isValidOrganisationNumber,
  isValidPersonalIdentityNumber,
} from '../../domain/identityNumbers';

describe('personal identity numbers', () => {
  it.each([
    ['SE', '19900101-0017'],
    ['SE', '900101-0017'],
    ['SE', '199001010017'],
    ['SE', '701063-2391'],
    ['DK', '070761-4285'],
    ['DK', '0707614285'],
    ['NO', '01010750160'],
    ['FI', '131052-308T'],
    ['FI', '131052-308t'],
  ] as const)('accepts %s %s', (country, value) => {
    expect(isValidPersonalIdentityNumber(country, value)).toBe(true);
  });

  it.each([
    ['SE', '19900101-0018'],
    ['SE', '19901301-0017'],
    ['SE', 'abc'],
    ['DK', '320161-4285'],
    ['DK', '070761-42'],
    ['NO', '01010750161'],
    ['NO', '0101075016'],
    ['FI', '131052-308U'],
    ['FI', '19900101-0017'],
    ['SE', ''],
  ] as const)('rejects %s %s', (country, value) => {
    expect(isValidPersonalIdentityNumber(country, value)).toBe(false);
  });

  it('a number valid in one country is not taken for another country as such', () => {
    expect(isValidPersonalIdentityNumber('SE', '131052-308T')).toBe(false);
    expect(isValidPersonalIdentityNumber('FI', '19900101-0017')).toBe(false);
  });

  it('never throws on arbitrary input', () => {
    fc.assert(
      fc.property(fc.constantFrom('SE', 'DK', 'NO', 'FI' as const), fc.string({ maxLength: 30 }), (country, value) => {
        expect(typeof isValidPersonalIdentityNumber(country, value)).toBe('boolean');
      }),
    );
  });
});

describe('organisation numbers', () => {
  it.each([
    ['SE', '556016-0680'],
    ['SE', '5560160680'],
    ['NO', '923609016'],
    ['NO', '923 609 016'],
    ['DK', '10150817'],
    ['DK', 'DK10150817'],
    ['FI', '0112038-9'],
  ] as const)('accepts %s %s', (country, value) => {
    expect(isValidOrganisationNumber(country, value)).toBe(true);
  });

  it.each([
    ['SE', '556016-0681'],
    ['NO', '923609017'],
    ['NO', '12345678'],
    ['DK', '10150818'],
    ['DK', '01234567'],
    ['FI', '0112038-8'],
    ['FI', '01120389'],
    ['SE', 'hello'],
  ] as const)('rejects %s %s', (country, value) => {
    expect(isValidOrganisationNumber(country, value)).toBe(false);
  });

  it('never throws on arbitrary input', () => {
    fc.assert(
      fc.property(fc.constantFrom('SE', 'DK', 'NO', 'FI' as const), fc.string({ maxLength: 30 }), (country, value) => {
        expect(typeof isValidOrganisationNumber(country, value)).toBe('boolean');
      }),
    );
  });
});

describe('default Swedish VAT number', () => {
  it('is SE, the organisation number without dash, and 01', () => {
    expect(defaultSwedishVatNumber('556677-8899')).toBe('SE556677889901');
  });
});
