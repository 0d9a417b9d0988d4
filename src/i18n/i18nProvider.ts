import polyglotI18nProvider from 'ra-i18n-polyglot';
import type { I18nProvider } from 'react-admin';
import { DEFAULT_LANGUAGE, LANGUAGES, LANGUAGE_NAMES, LANGUAGE_STORAGE_KEY, isLanguage, resolveInitialLanguage, type Language } from './languages';
import { eagerMessages, loadMessages } from './messages';

export interface I18nOptions {
  storage?: Storage;
  browserLanguages?: readonly string[];
  /** Element whose `lang` attribute follows the language; default document.documentElement. */
  root?: HTMLElement;
}

/**
 * The i18nProvider: sv default, en/fi/no, the choice stored locally and set on `<html lang>`,
 * English under every language, fi and no loaded lazily.
 * @example
 * const i18nProvider = await createI18nProvider();
 * <Admin i18nProvider={i18nProvider} … />
 */
export async function createI18nProvider(options: I18nOptions = {}): Promise<I18nProvider> {
  const storage = options.storage ?? (typeof localStorage === 'undefined' ? undefined : localStorage);
  const browserLanguages = options.browserLanguages ?? (typeof navigator === 'undefined' ? [] : navigator.languages ?? [navigator.language]);
  const root = options.root ?? (typeof document === 'undefined' ? undefined : document.documentElement);
  const initial = resolveInitialLanguage(storage, browserLanguages);
  const initialMessages = eagerMessages(initial) ?? (await loadMessages(initial));

  const provider = polyglotI18nProvider(
    (locale) => (locale === initial ? initialMessages : loadMessages(isLanguage(locale) ? locale : DEFAULT_LANGUAGE)),
    initial,
    LANGUAGES.map((locale) => ({ locale, name: LANGUAGE_NAMES[locale] })),
    { allowMissing: true },
  );
  const apply = (lang: Language) => {
    storage?.setItem(LANGUAGE_STORAGE_KEY, lang);
    if (root) root.lang = lang;
  };
  if (root) root.lang = initial;

  return {
    ...provider,
    translate: (key, options) => provider.translate(key, midSentenceName(provider.translate, key, options)),
    changeLocale: async (locale, opts) => {
      const lang = isLanguage(locale) ? locale : DEFAULT_LANGUAGE;
      await provider.changeLocale(lang, opts);
      apply(lang);
    },
  };
}

/** A stand-in for `%{name}` that no message holds, to see where a message puts the name. */
const PROBE = '\u2063';

/**
 * react-admin's messages put the resource's name (`%{name}`: "Tjänster", "Customers") inside a sentence
 * ("Skapa %{name}", "No %{name} found"): there it starts with a small letter ("Skapa tjänst", "No customers
 * found"), unless the message starts with it or it is an abbreviation ("SMS"). A saved query's name is the
 * user's own and is left as typed.
 */
export function midSentenceName(
  translate: (key: string, options?: Record<string, unknown>) => string,
  key: string,
  options: Record<string, unknown> | undefined,
): Record<string, unknown> | undefined {
  const name = options?.name;
  if (typeof name !== 'string' || !key.startsWith('ra.') || key.startsWith('ra.saved_queries.') || !/^\p{Lu}\p{Ll}/u.test(name)) return options;
  if (translate(key, { ...options, name: PROBE }).startsWith(PROBE)) return options;
  return { ...options, name: name.charAt(0).toLocaleLowerCase() + name.slice(1) };
}
