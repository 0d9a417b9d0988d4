import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { generateContract } from '../../schema/build/generate';

describe('contract schema', () => {
  it('schema/generated/contract.json is generated from the current schema/*.ts (run npm run schema)', () => {
    const committed = readFileSync('schema/generated/contract.json', 'utf8');
    expect(JSON.parse(committed)).toEqual(JSON.parse(generateContract()));
  }, 60000);
});
