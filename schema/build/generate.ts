/**
 * Generates schema/generated/contract.json from the contract types in schema/*.ts.
 * Run with `npm run schema` after changing a type; a test checks the file is current.
 */
import { createGenerator } from 'ts-json-schema-generator';
import { writeFileSync, mkdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { dirname, join } from 'node:path';

const here = join(dirname(fileURLToPath(import.meta.url)), '..');

export function generateContract(): string {
  const schema = createGenerator({
    path: join(here, '*.ts'),
    tsconfig: join(here, '..', 'tsconfig.json'),
    type: '*',
    expose: 'export',
    topRef: true,
    jsDoc: 'extended',
    skipTypeCheck: true,
    additionalProperties: false,
    sortProps: true,
    strictTuples: false,
  }).createSchema('*');
  return JSON.stringify(schema, null, 2) + '\n';
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  mkdirSync(join(here, 'generated'), { recursive: true });
  writeFileSync(join(here, 'generated', 'contract.json'), generateContract());
  console.log('schema/generated/contract.json written');
}
