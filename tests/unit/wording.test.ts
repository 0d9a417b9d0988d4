import { describe, expect, it } from 'vitest';
import sv from '../../locales/sv.json' with { type: 'json' };
import no from '../../locales/no.json' with { type: 'json' };

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
    { concept: 'booking', word: 'bestilling', not: /\b(booking|bookinger|bookingen|bookes|book)\b/i },
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

const screens = { sv, no };

describe('one word per concept', () => {
  for (const lang of ['sv', 'no'] as const) {
    it.each(TERMS[lang])(`${lang}: $concept is "$word" everywhere`, ({ not }) => {
      const others = texts(screens[lang])
        .filter(([key, text]) => !NAMES.has(key) && not.test(text))
        .map(([key, text]) => `${key}: ${text}`);
      expect(others).toEqual([]);
    });

    it(`${lang}: the time exceptions screen is named as its records are`, () => {
      const messages = screens[lang] as unknown as { shell: { screens: Record<string, string> }; resources: Record<string, { name: string }> };
      expect(messages.shell.screens.timeExceptions).toBe(messages.resources['time-exceptions'].name.split(' |||| ')[0]);
    });
  }
});
