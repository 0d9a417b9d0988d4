import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { appMessages } from '../../src/i18n/messages';

/**
 * One word per concept in each language (issue 17): a screen never calls the same thing by two
 * names. Each entry: the concept, the word the language uses, and the words it must not use for it.
 */
const TERMS: Record<'sv' | 'no', { concept: string; word: string; not: RegExp }[]> = {
  sv: [
    { concept: 'delete', word: 'ta bort', not: /\b(radera|raderar|raderas)\b/i },
    { concept: 'e-mail', word: 'e-post', not: /mejl/i },
    { concept: 'company', word: 'företag', not: /\b(bolag|bolaget|firma|firman)\b/i },
    { concept: 'booking', word: 'bokning', not: /\b(reservation|reservationer)\b/i },
  ],
  no: [
    { concept: 'booking', word: 'bestilling', not: /\b(booking|bookinger|bookingen|bookingene|bookes|book|booke|booker|booket|bookede|fullbooket)\b/i },
    { concept: 'company', word: 'bedrift', not: /\b(firma|firmaet|firmaopplysninger|selskap|selskapet)\b/i },
    { concept: 'e-mail', word: 'e-post', not: /\b(epost|mail)\b/i },
  ],
};

/** The product's name is a name, not a word for a concept. */
const NAMES = new Set(['app.name']);

function texts(messages: unknown, path = ''): [string, string][] {
  if (typeof messages === 'string') return [[path, messages]];
  if (!messages || typeof messages !== 'object') return [];
  return Object.entries(messages).flatMap(([key, value]) => texts(value, path ? `${path}.${key}` : key));
}

/** Every catalogue's messages (the shell's and each entity's and page's), as the screens show them. */
const screens = { sv: await appMessages('sv'), no: await appMessages('no') };

describe('one word per concept', () => {
  for (const lang of ['sv', 'no'] as const) {
    it.each(TERMS[lang])(`${lang}: $concept is "$word" everywhere`, ({ not }) => {
      const others = texts(screens[lang])
        // A placeholder such as %{booking} is a name the code fills in, not a word the screen shows.
        .filter(([key, text]) => !NAMES.has(key) && not.test(text.replace(/%\{\w+\}/g, '')))
        .map(([key, text]) => `${key}: ${text}`);
      expect(others).toEqual([]);
    });

    it(`${lang}: the time exceptions screen is named as its records are`, () => {
      const messages = screens[lang] as unknown as { shell: { screens: Record<string, string> }; resources: Record<string, { name: string }> };
      expect(messages.shell.screens.timeExceptions).toBe(messages.resources['time-exceptions'].name.split(' |||| ')[0]);
    });
  }
});

/** Names, not words: the seller's company name on invoices, and the legal form 'ansvarlig selskap' (a partnership). */
const SERVER_NAMES = new Set(['Booking System AB', 'Ansvarlig selskap']);

/** The texts under `lang` in a server JSON file (`"no": "…"` and `"no": ["…", "…"]`), at their key paths. */
function jsonTexts(lang: string, value: unknown, path: string): [string, string][] {
  if (!value || typeof value !== 'object') return [];
  return Object.entries(value).flatMap(([key, inner]): [string, string][] => {
    const where = `${path}:${key}`;
    if (key === lang && typeof inner === 'string') return [[where, inner]];
    if (key === lang && Array.isArray(inner)) return inner.filter((text) => typeof text === 'string').map((text): [string, string] => [where, text]);
    return jsonTexts(lang, inner, where);
  });
}

/**
 * The server's texts in one language, as status names, errors and default mails show them: the
 * areas' messages.json files, and the few tables still written in code (`no: '…'` and `no: ['…', '…']`).
 */
function serverTexts(lang: string, dir = 'server'): [string, string][] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry): [string, string][] => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return serverTexts(lang, path);
    if (entry.name.endsWith('.json')) return jsonTexts(lang, JSON.parse(readFileSync(path, 'utf8')), path);
    if (!entry.name.endsWith('.ts')) return [];
    const lines = readFileSync(path, 'utf8').split('\n');
    return lines.flatMap((line, i): [string, string][] =>
      [...line.matchAll(new RegExp(`\\b${lang}: \\[?'((?:[^'\\\\]|\\\\.)*)'(?:, '((?:[^'\\\\]|\\\\.)*)')?`, 'g'))].flatMap((m) => [m[1], m[2] ?? ''].map((text): [string, string] => [`${path}:${i + 1}`, text])),
    );
  });
}

/** The server's texts must be read from its JSON files too: a sanity check that the walk finds them. */
describe('the server texts the wording check reads', () => {
  it('include the areas\' messages.json files', () => {
    const texts = serverTexts('no').map(([, text]) => text);
    expect(texts).toContain('Bestillingen er allerede betalt.');
    expect(texts).toContain('Noe gikk galt på serveren.');
  });
});

describe('one word per concept on the server', () => {
  it.each(TERMS.no)('no: $concept is "$word" in the server\'s texts too', ({ not }) => {
    const others = serverTexts('no')
      .filter(([, text]) => !SERVER_NAMES.has(text) && not.test(text.replace(/\{\w+\}/g, '')))
      .map(([where, text]) => `${where}: ${text}`);
    expect(others).toEqual([]);
  });
});
