import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { DateTime } from 'luxon';
import { formatLocalMillis } from '../../domain/pricing/localTime';

const luxon = (ms: number, zone: string): string => DateTime.fromMillis(ms, { zone }).toFormat("yyyy-MM-dd'T'HH:mm:ss");
const ZONES = ['Europe/Stockholm', 'Europe/Helsinki', 'America/New_York', 'Australia/Lord_Howe', 'Asia/Kathmandu', 'UTC', 'Pacific/Chatham'];

describe('formatLocalMillis: an instant in a company zone as the wire writes it', () => {
  it('writes what luxon writes for any instant between 1900 and 2100 in zones with odd offsets and half-hour changes', () => {
    fc.assert(
      fc.property(fc.integer({ min: Date.UTC(1900, 0, 1), max: Date.UTC(2100, 0, 1) }), fc.constantFrom(...ZONES), (ms, zone) => {
        expect(formatLocalMillis(ms, zone)).toBe(luxon(ms, zone));
      }),
      { numRuns: 5000 },
    );
  });

  it('is right on both sides of a daylight-saving change, also after the quarter hour was remembered', () => {
    // Stockholm: 2025-03-30 01:00 UTC clocks go 02:00 → 03:00; 2025-10-26 01:00 UTC 03:00 → 02:00.
    const spring = Date.UTC(2025, 2, 30, 1);
    const autumn = Date.UTC(2025, 9, 26, 1);
    for (const edge of [spring, autumn]) {
      for (const delta of [-60_000, -1000, 0, 1000, 60_000, 899_999]) {
        expect(formatLocalMillis(edge + delta, 'Europe/Stockholm')).toBe(luxon(edge + delta, 'Europe/Stockholm'));
        expect(formatLocalMillis(edge + delta, 'Europe/Stockholm')).toBe(luxon(edge + delta, 'Europe/Stockholm'));
      }
    }
    expect(formatLocalMillis(spring, 'Europe/Stockholm')).toBe('2025-03-30T03:00:00');
    expect(formatLocalMillis(autumn - 1000, 'Europe/Stockholm')).toBe('2025-10-26T02:59:59');
    expect(formatLocalMillis(autumn, 'Europe/Stockholm')).toBe('2025-10-26T02:00:00');
  });

  it('falls back to luxon for a name that is no zone and for years outside 1–9999', () => {
    expect(formatLocalMillis(0, 'Fantasia/Castle')).toBe(luxon(0, 'Fantasia/Castle'));
    const far = Date.UTC(12000, 0, 1);
    expect(formatLocalMillis(far, 'UTC')).toBe(luxon(far, 'UTC'));
  });
});
