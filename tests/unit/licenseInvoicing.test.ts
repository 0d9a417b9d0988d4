import { describe, expect, it } from 'vitest';
import { LICENSE_VAT_PERMILLE, overlapMs, prorate, vatOf } from '../../domain/licenses/invoicing';
import { missingSections } from '../../domain/licenses/questionnaire';

const DAY = 86_400_000;

describe('license invoicing', () => {
  it('charges a whole month for a plan held all month and a share for part of it', () => {
    expect(prorate(59900, 30 * DAY, 30 * DAY)).toBe(59900);
    expect(prorate(59900, 15 * DAY, 30 * DAY)).toBe(29950);
    expect(prorate(29900, 10 * DAY, 31 * DAY)).toBe(9645);
    expect(prorate(29900, 0, 31 * DAY)).toBe(0);
  });

  it('adds the VAT of the country in whole minor units', () => {
    expect(vatOf(29950, LICENSE_VAT_PERMILLE.SE)).toBe(7488);
    expect(vatOf(5400, LICENSE_VAT_PERMILLE.FI)).toBe(1377);
  });

  it('measures the part of a period inside a month', () => {
    expect(overlapMs(0, 10, 5, 20)).toBe(5);
    expect(overlapMs(0, 4, 5, 20)).toBe(0);
  });
});

describe('cancel questionnaire', () => {
  it('needs an option in each section other than main and comments', () => {
    expect(missingSections([])).toEqual(['reason', 'experience']);
    expect(missingSections([{ Question: 'reason', Value: 'price' }, { Question: 'comments', Value: 'bye' }])).toEqual(['experience']);
    expect(missingSections([{ Question: 'reason', Value: 'price' }, { Question: 'experience', Value: 'ok' }])).toEqual([]);
    expect(missingSections([{ Question: 'reason', Value: 'nonsense' }, { Question: 'experience', Value: 'ok' }])).toEqual(['reason']);
  });
});
