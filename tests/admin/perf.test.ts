import { readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { declarations } from '../../src/registry';
import { isLazy, screensOf } from '../../src/engine/define';

const ROOT = resolve(__dirname, '../..');

/** Relative modules imported statically (not `import type`, not `import()`) by one source file. */
function staticImports(file: string): string[] {
  const text = readFileSync(file, 'utf8');
  const specs = [...text.matchAll(/^\s*(?:import|export)\s+(?!type\s)(?:[^;'"]*?\sfrom\s+)?'(\.[^']+)'/gm)].map((m) => m[1]);
  return specs.flatMap((spec) => {
    const base = resolve(dirname(file), spec);
    const found = [base, `${base}.ts`, `${base}.tsx`, join(base, 'index.ts'), join(base, 'index.tsx')].find((f) => statSync(f, { throwIfNoEntry: false })?.isFile());
    return found && /\.(tsx?|json)$/.test(found) ? [found] : [];
  });
}

/** Every source file the entry reaches through static imports: what the first screen's chunks hold. */
function eagerGraph(entry: string): Set<string> {
  const seen = new Set<string>();
  const queue = [resolve(ROOT, entry)];
  while (queue.length) {
    const file = queue.pop() as string;
    if (seen.has(file)) continue;
    seen.add(file);
    if (!file.endsWith('.json')) queue.push(...staticImports(file));
  }
  return new Set([...seen].map((f) => relative(ROOT, f)));
}

describe('first load of the admin', () => {
  it('does not import resource declarations, the engine list and form code or the shell\'s fallback pages from the entry', () => {
    const eager = eagerGraph('src/main.tsx');
    expect(eager.has('src/engine/renderResources.tsx')).toBe(true);
    expect(eager.has('src/resources/services/index.ts')).toBe(true);
    const lazyOnly = [...eager].filter(
      (f) =>
        /^src\/resources\/[^/]+\/declaration\.tsx$/.test(f) ||
        /^src\/resources\/engine\/(EngineList|EngineForm|fields|views)\.tsx$/.test(f) ||
        /^src\/shell\/(Dashboard|NotYetAvailable|errorPages)\.tsx?$/.test(f),
    );
    expect(lazyOnly).toEqual([]);
  });
});

describe('lazy resources', () => {
  const lazy = declarations.filter(isLazy);

  it('covers every resource with screens', () => {
    expect(lazy.map((d) => d.name)).toEqual(expect.arrayContaining(['services', 'articles', 'custom-fields', 'prices', 'customers', 'administrators', 'promo-codes', 'schedules', 'resources', 'time-exceptions', 'resource-types']));
  });

  it.each(lazy.map((d) => [d.name, d] as const))('%s: the loaded declaration has the screens and meta its meta.ts announces', async (_name, meta) => {
    const loaded = await meta.load();
    expect(isLazy(loaded)).toBe(false);
    expect({ name: loaded.name, api: loaded.api, group: loaded.group, icon: loaded.icon, recordRepresentation: loaded.recordRepresentation }).toEqual({
      name: meta.name,
      api: meta.api,
      group: meta.group,
      icon: meta.icon,
      recordRepresentation: meta.recordRepresentation,
    });
    expect(screensOf(loaded)).toEqual(screensOf(meta));
  });
});
