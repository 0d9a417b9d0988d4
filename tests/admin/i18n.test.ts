import { describe, expect, it } from 'vitest';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import raEnglish from 'ra-language-english';
import raSv from '../../locales/ra/sv.json';
import raFi from '../../locales/ra/fi.json';
import raNo from '../../locales/ra/no.json';
import { appMessages, catalogues, createI18nProvider, type Catalogue, LANGUAGE_STORAGE_KEY, LANGUAGES, resolveInitialLanguage } from '../../src/i18n';

const [en, sv, fi, no] = await Promise.all((['en', 'sv', 'fi', 'no'] as const).map(appMessages));

function keysOf(node: unknown, prefix = ''): string[] {
  if (!node || typeof node !== 'object') return [prefix];
  return Object.entries(node).flatMap(([k, v]) => keysOf(v, prefix ? `${prefix}.${k}` : k));
}

function memoryStorage(initial: Record<string, string> = {}): Storage {
  const data = new Map(Object.entries(initial));
  return {
    get length() {
      return data.size;
    },
    clear: () => data.clear(),
    getItem: (k) => data.get(k) ?? null,
    key: (i) => [...data.keys()][i] ?? null,
    removeItem: (k) => void data.delete(k),
    setItem: (k, v) => void data.set(k, String(v)),
  };
}

describe('message catalogues', () => {
  const srcFolder = join(process.cwd(), 'src');
  const languagesOf = async (c: Catalogue) => ({ sv: c.sv, en: c.en, fi: (await c.fi()).default, no: (await c.no()).default });

  it('lists every entity and page folder that has messages, once', () => {
    const onDisk = ['resources', 'custom'].flatMap((kind) =>
      readdirSync(join(srcFolder, kind)).filter((name) => existsSync(join(srcFolder, kind, name, 'messages'))).map((name) => `${kind}/${name}`),
    );
    const listed = catalogues.map((c) => c.folder);
    expect(new Set(listed).size).toBe(listed.length);
    expect(listed.filter((f) => f !== 'locales').sort()).toEqual(onDisk.sort());
  });

  it.each(catalogues)('$folder has every key in sv, en, fi and no', async (c) => {
    const files = await languagesOf(c);
    const english = keysOf(files.en).sort();
    expect(english.length).toBeGreaterThan(0);
    for (const lang of LANGUAGES) expect(keysOf(files[lang]).sort(), lang).toEqual(english);
  });

  it('no two catalogues define the same key', () => {
    const owners = new Map<string, string[]>();
    for (const c of catalogues) for (const key of keysOf(c.en)) owners.set(key, [...(owners.get(key) ?? []), c.folder]);
    const twice = [...owners].filter(([, folders]) => folders.length > 1).map(([key, folders]) => `${key}: ${folders.join(', ')}`);
    // A text in one catalogue where another has a subtree would be overwritten as well.
    const shadowed = [...owners.keys()].filter((key) => key.split('.').some((_, i, parts) => i > 0 && owners.has(parts.slice(0, i).join('.'))));
    expect([...twice, ...shadowed]).toEqual([]);
  });
});

describe('message files', () => {
  const appKeys = keysOf(en);
  const raKeys = keysOf(raEnglish);
  it.each([
    ['sv', sv, raSv],
    ['fi', fi, raFi],
    ['no', no, raNo],
  ])('%s has every key of en, the app and react-admin', (_lang, app, ra) => {
    expect(appKeys.filter((k) => !keysOf(app).includes(k))).toEqual([]);
    expect(raKeys.filter((k) => !keysOf(ra).includes(k))).toEqual([]);
  });

  it.each([
    ['sv', raSv],
    ['fi', raFi],
    ['no', raNo],
  ])('%s names every button of the rich-text editor (ra-input-rich-text only has English defaults)', (_lang, ra) => {
    const source = readdirSync('node_modules/ra-input-rich-text/src', { recursive: true, encoding: 'utf8' })
      .filter((f) => /\.tsx?$/.test(f))
      .map((f) => readFileSync(join('node_modules/ra-input-rich-text/src', f), 'utf8'))
      .join('\n');
    const used = [...new Set([...source.matchAll(/ra\.tiptap\.([a-z_0-9]+)/g)].map((m) => m[1]))];
    expect(used.length).toBeGreaterThan(20);
    expect(used.filter((k) => !(k in ra.ra.tiptap))).toEqual([]);
  });

  it.each([
    ['sv', sv, raSv],
    ['fi', fi, raFi],
    ['no', no, raNo],
  ])('%s is translated, not a copy of English', (_lang, app, ra) => {
    const pick = (m: object, key: string) => key.split('.').reduce<unknown>((n, p) => (n as Record<string, unknown>)[p], m);
    for (const key of ['ra.action.save', 'ra.navigation.no_results', 'ra.notification.updated']) {
      expect(pick(ra, key)).not.toBe(pick(raEnglish, key));
    }
    for (const key of ['shell.loadFailure.title', 'auth.sessionExpired', 'errors.unknownError']) {
      expect(pick(app, key)).not.toBe(pick(en, key));
    }
  });
});

describe('language choice', () => {
  it('takes the stored language, else a supported browser language, else Swedish', () => {
    expect(resolveInitialLanguage(memoryStorage({ [LANGUAGE_STORAGE_KEY]: 'fi' }), ['en-GB'])).toBe('fi');
    expect(resolveInitialLanguage(memoryStorage(), ['de-DE', 'en-US'])).toBe('en');
    expect(resolveInitialLanguage(memoryStorage(), ['nb-NO'])).toBe('no');
    expect(resolveInitialLanguage(memoryStorage({ [LANGUAGE_STORAGE_KEY]: 'de' }), ['de', 'fr'])).toBe('sv');
  });

  it('starts in Swedish, sets <html lang>, and switching stores the choice and loads the language', async () => {
    const storage = memoryStorage();
    const root = document.createElement('html');
    const i18n = await createI18nProvider({ storage, browserLanguages: ['de'], root });
    expect(i18n.getLocale()).toBe('sv');
    expect(root.lang).toBe('sv');
    expect(i18n.translate('ra.action.save')).toBe('Spara');
    expect(i18n.translate('shell.loadFailure.title')).toBe('Vi kunde inte ladda appen');

    await i18n.changeLocale('fi');
    expect(i18n.getLocale()).toBe('fi');
    expect(root.lang).toBe('fi');
    expect(storage.getItem(LANGUAGE_STORAGE_KEY)).toBe('fi');
    expect(i18n.translate('ra.action.save')).toBe('Tallenna');
    expect(i18n.getLocales?.().map((l) => l.locale)).toEqual(['sv', 'en', 'fi', 'no']);
  });

  it('starts in a stored non-default language', async () => {
    const i18n = await createI18nProvider({ storage: memoryStorage({ [LANGUAGE_STORAGE_KEY]: 'no' }), root: document.createElement('html') });
    expect(i18n.translate('ra.auth.logout')).toBe('Logg ut');
  });

  it("writes a resource's name with a small letter inside react-admin's sentences, not at their start (issue 30)", async () => {
    const sv = await createI18nProvider({ storage: memoryStorage({ [LANGUAGE_STORAGE_KEY]: 'sv' }), root: document.createElement('html') });
    expect(sv.translate('ra.page.create', { name: 'Tjänst' })).toBe('Skapa tjänst');
    expect(sv.translate('ra.navigation.no_results', { name: 'Kunder' })).toBe('Inga kunder hittades');
    expect(sv.translate('ra.page.list', { name: 'Kunder' })).toBe('Kunder');
    expect(sv.translate('ra.page.create', { name: 'SMS-mall' })).toBe('Skapa SMS-mall');
    expect(sv.translate('ra.saved_queries.remove_label_with_name', { name: 'Mina Kunder' })).toContain('Mina Kunder');
    await sv.changeLocale('en');
    expect(sv.translate('ra.navigation.no_results', { name: 'Customers' })).toBe('No customers found');
  });

  it('falls back to English for a key a language lacks, never the raw key', async () => {
    const i18n = await createI18nProvider({ storage: memoryStorage(), browserLanguages: [], root: document.createElement('html') });
    expect(i18n.getLocale()).toBe('sv');
    for (const key of [...keysOf(raEnglish), ...keysOf(en)]) {
      const text = i18n.translate(key, { smart_count: 1 });
      expect(text, key).not.toBe(key);
      expect(text.trim() || key === 'ra.boolean.null', key).toBeTruthy();
    }
  });
});
