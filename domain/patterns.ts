import { RE2JS } from 're2js';

/**
 * Custom-field patterns (RegExId) run by RE2 (re2js), which matches in time linear in the value's
 * length whatever the pattern: `^(a+)+$` cannot stall the server or the browser. The pattern is
 * written in JavaScript's syntax (`\d`, `(?<name>…)`, `\u00e5`) and translated; what RE2 cannot run
 * in linear time (backreferences such as `\1`, lookahead `(?=…)`, lookbehind `(?<=…)`) is refused
 * when the field is saved. Shared by the API and the admin so both agree on every value.
 */
export interface CompiledPattern {
  /** Whether the value contains a match, as RegExp.prototype.test does (anchor with ^…$ for the whole value). */
  test(value: string): boolean;
}

/** Why a pattern cannot be used: not a regular expression at all, or one RE2 cannot run in linear time. */
export type PatternProblem = 'invalid' | 'unsupported' | 'tooComplex';

/**
 * The largest RE2 program a pattern may compile to. Matching costs at most about the program's size
 * per character; far larger programs such as `(.){1,1000}!` (4,000 steps) take hundreds of
 * milliseconds on a 4,000-character value. Ordinary patterns are far below: `^M\d{4,6}$` is 13.
 */
export const MAX_PATTERN_PROGRAM = 500;

/**
 * The longest value a pattern is run on: a field with a pattern holds codes, numbers and addresses,
 * never free text, and with MAX_PATTERN_PROGRAM this bounds one check to well under a millisecond
 * (50 such fields on one customer stay far from holding the server). A longer value is refused as
 * too long.
 */
export const MAX_PATTERN_VALUE_LENGTH = 255;

/** Whether the pattern has a backreference (`\1`, `\k<name>`) or lookaround outside a character class. */
function hasBacktrackingOnlySyntax(pattern: string): boolean {
  let inClass = false;
  for (let i = 0; i < pattern.length; i++) {
    const c = pattern[i];
    if (c === '\\') {
      const next = pattern[i + 1] ?? '';
      if (!inClass && (/[1-9]/.test(next) || next === 'k')) return true;
      i++;
    } else if (inClass) {
      if (c === ']') inClass = false;
    } else if (c === '[') {
      inClass = true;
      if (pattern[i + 1] === ']') i++;
    } else if (c === '(' && /^\?(?:[=!]|<[=!])/.test(pattern.slice(i + 1, i + 4))) {
      return true;
    }
  }
  return false;
}

/**
 * What is wrong with a pattern, or null when it compiles.
 * @example patternProblem('^M\\d{4,6}$') // null
 * @example patternProblem('^(a)\\1$')     // 'unsupported'
 * @example patternProblem('[')           // 'invalid'
 * @example patternProblem('(.){1,200}!') // 'tooComplex'
 */
export function patternProblem(pattern: string): PatternProblem | null {
  if (hasBacktrackingOnlySyntax(pattern)) return 'unsupported';
  try {
    return RE2JS.compile(RE2JS.translateRegExp(pattern)).programSize() > MAX_PATTERN_PROGRAM ? 'tooComplex' : null;
  } catch {
    return 'invalid';
  }
}

/**
 * The pattern compiled for RE2, or null when it cannot be used (see patternProblem); a stored pattern
 * that cannot be used checks nothing, as an invalid one always did.
 * @example compilePattern('^\\d{3} ?\\d{2}$')?.test('123 45') // true
 */
export function compilePattern(pattern: string): CompiledPattern | null {
  const known = compiled.get(pattern);
  if (known !== undefined) return known;
  const made = compile(pattern);
  if (compiled.size >= MAX_COMPILED) compiled.delete(compiled.keys().next().value!);
  compiled.set(pattern, made);
  return made;
}

/** Compiling costs far more than matching (milliseconds for a large pattern), so the last patterns used are kept. */
const compiled = new Map<string, CompiledPattern | null>();
const MAX_COMPILED = 1_000;

function compile(pattern: string): CompiledPattern | null {
  if (hasBacktrackingOnlySyntax(pattern)) return null;
  try {
    const re = RE2JS.compile(RE2JS.translateRegExp(pattern));
    if (re.programSize() > MAX_PATTERN_PROGRAM) return null;
    return { test: (value) => re.test(value) };
  } catch {
    return null;
  }
}
