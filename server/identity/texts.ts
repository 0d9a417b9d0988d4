import { fill, LANGUAGES, type Lang, type Texts } from '../shared/messages';
import identityTexts from './texts.json' with { type: 'json' };

/** Words on the identity pages and in account e-mails, in the four interface languages (./texts.json). */
const texts = identityTexts.texts satisfies Record<string, Texts>;

export type TextKey = keyof typeof texts;

/** One identity text in a language, {name} placeholders filled. */
export function t(lang: Lang, key: TextKey, params: Record<string, string> = {}): string {
  return fill(texts[key][lang], params);
}

function asLang(value: string | undefined): Lang | undefined {
  const code = value?.trim().toLowerCase().slice(0, 2);
  if (code === 'nb' || code === 'nn') return 'no';
  return (LANGUAGES as readonly string[]).includes(code ?? '') ? (code as Lang) : undefined;
}

/**
 * The language of an identity page: kc_locale, then ui_locales (space list), then
 * Accept-Language (in its order), else Swedish.
 * @example
 * pageLanguage({ uiLocales: 'fi en', acceptLanguage: 'en-GB,en;q=0.8' }) // 'fi'
 */
export function pageLanguage(input: { kcLocale?: string; uiLocales?: string; acceptLanguage?: string }): Lang {
  const fromKc = asLang(input.kcLocale);
  if (fromKc) return fromKc;
  for (const locale of (input.uiLocales ?? '').split(/\s+/)) {
    const lang = asLang(locale);
    if (lang) return lang;
  }
  const accepted = (input.acceptLanguage ?? '')
    .split(',')
    .map((part, index) => {
      const [tag, ...rest] = part.trim().split(';');
      const q = rest.find((p) => p.trim().startsWith('q='));
      return { tag, q: q ? Number(q.trim().slice(2)) : 1, index };
    })
    .filter((entry) => entry.tag && entry.q > 0)
    .sort((a, b) => b.q - a.q || a.index - b.index);
  for (const { tag } of accepted) {
    const lang = asLang(tag);
    if (lang) return lang;
  }
  return 'sv';
}
