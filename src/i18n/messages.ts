import type { TranslationMessages } from 'react-admin';
import raEnglish from 'ra-language-english';
import raSv from '../../locales/ra/sv.json';
import { catalogues } from './catalogues';
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

type LazyLanguage = Exclude<Language, 'sv' | 'en'>;

const together = (layers: Messages[]): Messages => layers.reduce((acc, layer) => mergeMessages(acc, layer), {});

/**
 * The app's own messages in a language: every catalogue of src/i18n/catalogues.ts (the shell's
 * and each entity's and page's), without react-admin's and without English underneath.
 * @example
 * const sv = await appMessages('sv'); // sv.resources.services.name
 */
export async function appMessages(lang: Language): Promise<Messages> {
  if (lang === 'sv' || lang === 'en') return together(catalogues.map((c) => c[lang]));
  return together(await Promise.all(catalogues.map((c) => c[lang]().then((m) => m.default))));
}

/** English (react-admin's and ours): what every other language is laid over. */
export const englishMessages = together([raEnglish as unknown as Messages, ...catalogues.map((c) => c.en)]) as TranslationMessages;

const withEnglishUnder = (...layers: Messages[]): TranslationMessages =>
  layers.reduce((acc, layer) => mergeMessages(acc, layer), englishMessages as unknown as Messages) as TranslationMessages;

const eager: Partial<Record<Language, TranslationMessages>> = {
  en: englishMessages,
  sv: withEnglishUnder(raSv, ...catalogues.map((c) => c.sv)),
};

const reactAdmin: Record<LazyLanguage, () => Promise<{ default: Messages }>> = {
  fi: () => import('../../locales/ra/fi.json'),
  no: () => import('../../locales/ra/no.json'),
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
  const [ra, app] = await Promise.all([reactAdmin[lang as LazyLanguage](), appMessages(lang)]);
  const messages = withEnglishUnder(ra.default, app);
  eager[lang] = messages;
  return messages;
}
