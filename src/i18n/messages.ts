import type { TranslationMessages } from 'react-admin';
import raEnglish from 'ra-language-english';
import enApp from '../../locales/en.json';
import svApp from '../../locales/sv.json';
import raSv from '../../locales/ra/sv.json';
import type { Language } from './languages';

type Messages = Record<string, unknown>;

function isPlainObject(value: unknown): value is Messages {
  return !!value && typeof value === 'object' && !Array.isArray(value);
}

/** Deep merge: keys of `over` win, nested objects are merged. */
export function mergeMessages(base: Messages, over: Messages): Messages {
  const out: Messages = { ...base };
  for (const [key, value] of Object.entries(over)) {
    out[key] = isPlainObject(value) && isPlainObject(out[key]) ? mergeMessages(out[key] as Messages, value) : value;
  }
  return out;
}

/** English (react-admin's and ours): what every other language is laid over. */
export const englishMessages = mergeMessages(raEnglish as unknown as Messages, enApp) as TranslationMessages;

const withEnglishUnder = (...layers: Messages[]): TranslationMessages =>
  layers.reduce((acc, layer) => mergeMessages(acc, layer), englishMessages as unknown as Messages) as TranslationMessages;

const eager: Partial<Record<Language, TranslationMessages>> = {
  en: englishMessages,
  sv: withEnglishUnder(raSv, svApp),
};

const lazy: Record<Exclude<Language, 'sv' | 'en'>, () => Promise<[Messages, Messages]>> = {
  fi: () => Promise.all([import('../../locales/ra/fi.json'), import('../../locales/fi.json')]).then(([ra, app]) => [ra.default, app.default]),
  no: () => Promise.all([import('../../locales/ra/no.json'), import('../../locales/no.json')]).then(([ra, app]) => [ra.default, app.default]),
};

/** Messages of a language already in the first bundle (sv, en), or undefined. */
export function eagerMessages(lang: Language): TranslationMessages | undefined {
  return eager[lang];
}

/**
 * All messages of a language with English underneath; fi and no are loaded on demand.
 * @example
 * const messages = await loadMessages('fi');
 */
export async function loadMessages(lang: Language): Promise<TranslationMessages> {
  const ready = eager[lang];
  if (ready) return ready;
  const [ra, app] = await lazy[lang as Exclude<Language, 'sv' | 'en'>]();
  const messages = withEnglishUnder(ra, app);
  eager[lang] = messages;
  return messages;
}
