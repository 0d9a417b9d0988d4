export const LANGUAGES = ['sv', 'en', 'fi', 'no'] as const;
export type Language = (typeof LANGUAGES)[number];
export const DEFAULT_LANGUAGE: Language = 'sv';
/** localStorage key of the chosen interface language. */
export const LANGUAGE_STORAGE_KEY = 'language';

/** Language names as shown in the language switch (each in its own language). */
export const LANGUAGE_NAMES: Record<Language, string> = { sv: 'Svenska', no: 'Norsk', fi: 'Suomi', en: 'English' };

export function isLanguage(value: unknown): value is Language {
  return typeof value === 'string' && (LANGUAGES as readonly string[]).includes(value);
}

/** Browser tags that mean one of our languages: nb/nn/no → no, sv-FI → sv, … */
function fromBrowserTag(tag: string): Language | undefined {
  const base = tag.toLowerCase().split(/[-_]/)[0];
  if (base === 'nb' || base === 'nn') return 'no';
  return isLanguage(base) ? base : undefined;
}

/**
 * The language to start in: the stored choice, else the first supported browser language, else sv.
 * @example
 * resolveInitialLanguage(localStorage, navigator.languages); // 'sv'
 */
export function resolveInitialLanguage(
  storage: Pick<Storage, 'getItem'> | undefined,
  browserLanguages: readonly string[] = [],
): Language {
  const stored = storage?.getItem(LANGUAGE_STORAGE_KEY);
  if (isLanguage(stored)) return stored;
  for (const tag of browserLanguages) {
    const lang = fromBrowserTag(tag);
    if (lang) return lang;
  }
  return DEFAULT_LANGUAGE;
}
