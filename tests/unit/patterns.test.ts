import { spawnSync } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import { compilePattern, patternProblem } from '../../domain/patterns';

/**
 * The check of a custom field's value, run in its own process so that a pattern engine that
 * backtracks (`^(a+)+$` on 'aaaa…!' takes longer than the age of the universe) is stopped
 * instead of stalling the test run.
 */
function checkInChild(pattern: string, value: string): { finished: boolean; output: string } {
  const code = `
    import { validateCustomFieldValues } from './domain/customFields.ts';
    import { ValidationErrors } from './server/shared/errors.ts';
    const errors = new ValidationErrors();
    const def = { Id: 1, Name: 'Code', DataType: 'TextBox', IsMandatory: false, MandatoryErrorMessage: null, MaxLength: 4000,
      RegExId: ${JSON.stringify(pattern)}, RegExErrorMessage: 'Wrong code', Values: [], Active: true };
    validateCustomFieldValues([def], [{ Id: 1, Value: ${JSON.stringify(value)} }], errors, 'CustomFieldValues');
    try { errors.throwIfAny(); console.log('accepted'); } catch (e) { console.log('refused ' + JSON.stringify(e.pending.map((x) => x.field))); }`;
  const child = spawnSync(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', code], { encoding: 'utf8', timeout: 20_000 });
  return { finished: child.status === 0, output: `${child.stdout}${child.stderr}` };
}

describe('custom-field patterns (RE2)', () => {
  it('checks a value against a catastrophic pattern without stalling', () => {
    const result = checkInChild('^(a+)+$', `${'a'.repeat(200)}!`);
    expect(result.finished, result.output).toBe(true);
    expect(result.output).toContain('refused ["CustomFieldValues.1"]');
  });

  it('keeps the ordinary patterns working: member numbers, personal numbers, postal codes, e-mail, phone', () => {
    const cases: [string, string[], string[]][] = [
      ['^M\\d{4,6}$', ['M12345', 'M1234'], ['M123', 'X12345', 'M1234567']],
      ['^(19|20)?\\d{6}[-+]?\\d{4}$', ['19850101-1234', '8501011234', '850101+1234'], ['85010-1234', 'abc']],
      ['^\\d{3} ?\\d{2}$', ['123 45', '12345'], ['1234', '123-45']],
      ['^[^\\s@]+@[^\\s@]+\\.[^\\s@]+$', ['anna@example.com'], ['anna@example', 'an na@example.com']],
      ['^\\+?[0-9 ()-]{6,20}$', ['+46 70-123 45 67'], ['070 abc']],
      ['(?<year>\\d{4})-\\d{2}', ['x 2026-03 y'], ['26-03']],
      ['^[A-ZÅÄÖ]\\w*\\u00e5$', ['Åbå', 'Bå'], ['åbå', 'Bä']],
    ];
    for (const [pattern, good, bad] of cases) {
      expect(patternProblem(pattern), pattern).toBeNull();
      const re = compilePattern(pattern)!;
      for (const v of good) expect(re.test(v), `${pattern} ${v}`).toBe(true);
      for (const v of bad) expect(re.test(v), `${pattern} ${v}`).toBe(false);
    }
  });

  it('refuses what RE2 cannot run in linear time, and what is not a pattern at all', () => {
    expect(patternProblem('^(a)\\1$')).toBe('unsupported');
    expect(patternProblem('^(?<x>a)\\k<x>$')).toBe('unsupported');
    expect(patternProblem('^(?=.*\\d).{8,}$')).toBe('unsupported');
    expect(patternProblem('^(?!test)')).toBe('unsupported');
    expect(patternProblem('(?<=M)\\d+')).toBe('unsupported');
    expect(patternProblem('(?<!M)\\d+')).toBe('unsupported');
    expect(patternProblem('([a-z')).toBe('invalid');
    expect(patternProblem('a{2,1}')).toBe('invalid');
    expect(patternProblem('(.){1,200}!')).toBe('tooComplex');
    expect(patternProblem('^\\\\1$')).toBeNull();
    expect(patternProblem('^[(?=]\\d$')).toBeNull();
    expect(compilePattern('^(a)\\1$')).toBeNull();
  });
});
