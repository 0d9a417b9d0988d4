#!/usr/bin/env node
/**
 * Deep-merges message keys into locales/<lang>.json in one read-modify-write, so that several
 * people can add keys to the same files safely. Keys are written sorted.
 *
 * Usage: node scripts/add-messages.mjs path/to/new-messages.json
 *   where the file is { "sv": {...}, "en": {...}, "fi": {...}, "no": {...} }
 */
import { readFileSync, writeFileSync } from 'node:fs';

const merge = (a, b) => {
  for (const [k, v] of Object.entries(b)) {
    a[k] = v && typeof v === 'object' && !Array.isArray(v) ? merge(a[k] && typeof a[k] === 'object' ? a[k] : {}, v) : v;
  }
  return a;
};
const sort = (o) =>
  o && typeof o === 'object' && !Array.isArray(o) ? Object.fromEntries(Object.keys(o).sort().map((k) => [k, sort(o[k])])) : o;

const input = JSON.parse(readFileSync(process.argv[2], 'utf8'));
for (const [lang, messages] of Object.entries(input)) {
  const file = new URL(`../locales/${lang}.json`, import.meta.url);
  const current = JSON.parse(readFileSync(file, 'utf8'));
  writeFileSync(file, JSON.stringify(sort(merge(current, messages)), null, 2) + '\n');
}
