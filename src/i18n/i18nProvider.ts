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
    changeLocale: async (locale, opts) => {
      const lang = isLanguage(locale) ? locale : DEFAULT_LANGUAGE;
      await provider.changeLocale(lang, opts);
      apply(lang);
    },
  };
}
