#!/usr/bin/env node
/**
 * Deep-merges message keys into a catalogue's <lang>.json files in one read-modify-write, so that
 * several people can add keys to the same files safely. Keys are written sorted.
 *
 * Usage: node scripts/add-messages.mjs path/to/new-messages.json [folder]
 *   where the file is { "sv": {...}, "en": {...}, "fi": {...}, "no": {...} } and folder is the
 *   entity's or page's folder (src/resources/<entity>, src/custom/<page>: writes its messages/<lang>.json,
 *   created when new; list a new catalogue in src/i18n/catalogues.ts), default locales/ (the shell's).
 */
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';

const merge = (a, b) => {
  for (const [k, v] of Object.entries(b)) {
    a[k] = v && typeof v === 'object' && !Array.isArray(v) ? merge(a[k] && typeof a[k] === 'object' ? a[k] : {}, v) : v;
  }
  return a;
};
const sort = (o) =>
  o && typeof o === 'object' && !Array.isArray(o) ? Object.fromEntries(Object.keys(o).sort().map((k) => [k, sort(o[k])])) : o;

const input = JSON.parse(readFileSync(process.argv[2], 'utf8'));
const folder = process.argv[3] ? join(resolve(process.argv[3]), 'messages') : new URL('../locales', import.meta.url).pathname;
mkdirSync(folder, { recursive: true });
for (const [lang, messages] of Object.entries(input)) {
  const file = join(folder, `${lang}.json`);
  const current = existsSync(file) ? JSON.parse(readFileSync(file, 'utf8')) : {};
  writeFileSync(file, JSON.stringify(sort(merge(current, messages)), null, 2) + '\n');
}
