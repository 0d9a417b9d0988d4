import { describe, expect, it } from 'vitest';
import { instantToLocal } from '../../server/serviceStack/instants';
import { selectFields } from '../../server/serviceStack/fields';
import { splitList } from '../../server/serviceStack/shapes';

const STOCKHOLM = 'Europe/Stockholm';

describe('instants as ServiceStack clients write them, in company-local time', () => {
  it('reads ISO 8601 with Z or an offset, /Date(ms)/ and a Date’s text', () => {
    expect(instantToLocal('2026-12-31T23:00:00.000Z', STOCKHOLM)).toBe('2027-01-01T00:00:00');
    expect(instantToLocal('2027-01-01T01:00:00+02:00', STOCKHOLM)).toBe('2027-01-01T00:00:00');
    expect(instantToLocal('2026-12-31T23:00Z', STOCKHOLM)).toBe('2027-01-01T00:00:00');
    expect(instantToLocal('/Date(1798758000000)/', STOCKHOLM)).toBe('2027-01-01T00:00:00');
    expect(instantToLocal('/Date(1798758000000+0100)/', STOCKHOLM)).toBe('2027-01-01T00:00:00');
    expect(instantToLocal('Thu Dec 31 2026 23:00:00 GMT+0000 (Coordinated Universal Time)', STOCKHOLM)).toBe('2027-01-01T00:00:00');
    expect(instantToLocal('Fri Jan 01 2027 00:00:00 GMT+0100 (Central European Standard Time)', 'America/New_York')).toBe('2026-12-31T18:00:00');
  });

  it('crosses both daylight-saving changes', () => {
    // Spring: 02:00 local does not exist; the hour before the change ends at 01:59:59.
    expect(instantToLocal('2026-03-29T00:59:59Z', STOCKHOLM)).toBe('2026-03-29T01:59:59');
    expect(instantToLocal('2026-03-29T01:00:00Z', STOCKHOLM)).toBe('2026-03-29T03:00:00');
    // Autumn: 02:30 local happens twice, in summer time and then in winter time.
    expect(instantToLocal('2026-10-25T00:30:00Z', STOCKHOLM)).toBe('2026-10-25T02:30:00');
    expect(instantToLocal('2026-10-25T01:30:00Z', STOCKHOLM)).toBe('2026-10-25T02:30:00');
    expect(instantToLocal('2026-10-25T02:00:00Z', STOCKHOLM)).toBe('2026-10-25T03:00:00');
  });

  it('leaves local times, impossible dates and other text for validation to judge', () => {
    expect(instantToLocal('2026-12-31T23:00:00', STOCKHOLM)).toBeUndefined();
    expect(instantToLocal('2026-02-30T10:00:00Z', STOCKHOLM)).toBeUndefined();
    expect(instantToLocal('next tuesday', STOCKHOLM)).toBeUndefined();
  });
});

describe('comma lists and Fields', () => {
  it('splits at the top-level commas only', () => {
    expect(splitList('1,2')).toEqual(['1', '2']);
    expect(splitList('{ResourceTypeId:1,ResourceId:2},{ResourceTypeId:3}')).toEqual(['{ResourceTypeId:1,ResourceId:2}', '{ResourceTypeId:3}']);
    expect(splitList('"a,b",c')).toEqual(['"a,b"', 'c']);
  });

  it('matches Fields in any case, keeps Id and lists the unknown names', () => {
    const known = new Map([['id', 'Id'], ['name', 'Name'], ['active', 'Active']]);
    expect(selectFields('NAME, active', known)).toEqual({ fields: ['Name', 'Active', 'Id'], unknown: [] });
    expect(selectFields('Name,Colour', known)).toEqual({ fields: ['Name', 'Id'], unknown: ['Colour'] });
    expect(selectFields(' , ', known)).toEqual({ fields: [], unknown: [] });
  });
});
