export { createI18nProvider } from './i18nProvider';
export type { I18nOptions } from './i18nProvider';
export { LANGUAGES, LANGUAGE_NAMES, DEFAULT_LANGUAGE, LANGUAGE_STORAGE_KEY, resolveInitialLanguage, isLanguage } from './languages';
export type { Language } from './languages';
export { appMessages, englishMessages, loadMessages, mergeMessages } from './messages';
export { catalogues } from './catalogues';
export type { Catalogue } from './catalogues';
