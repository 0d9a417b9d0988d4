import { fileURLToPath } from 'node:url';
import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';

/**
 * The layout's boundaries are lint rules (eslint.config.js, docs/architecture.md). Each snippet below is
 * linted as if it were a file at `filePath`: the broken boundaries fail lint, the allowed imports pass.
 */
const root = fileURLToPath(new URL('../../', import.meta.url));
const eslint = new ESLint({ cwd: root });

async function boundaryErrors(filePath: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath: `${root}${filePath}` });
  return result.messages.filter((m) => m.ruleId === 'no-restricted-imports').map((m) => m.message);
}

describe('layout boundaries checked by lint', { timeout: 60_000 }, () => {
  it('the admin never imports the server', async () => {
    expect(await boundaryErrors('src/custom/company/x.ts', "import { ApiError } from '../../../server/shared/errors';\nexport const e = ApiError;\n")).toEqual([
      expect.stringContaining('never imports server/'),
    ]);
    expect(await boundaryErrors('src/custom/company/x.ts', "import { isValidPostalCode } from '../../../domain/postalCodes';\nexport const v = isValidPostalCode;\n")).toEqual([]);
  });

  it('an area never imports another area', async () => {
    expect(await boundaryErrors('server/areas/customers/x.ts', "import { priceSign } from '../services/prices';\nexport const p = priceSign;\n")).toEqual([
      expect.stringContaining('never imports another area'),
    ]);
    expect(await boundaryErrors('server/areas/customers/x.ts', "import areas from '../index';\nexport const a = areas;\n")).toHaveLength(1);
  });

  it('an area imports only server/shared, db, autoquery, identity/public, domain and schema', async () => {
    const allowed = [
      "import { customers } from './customers';",
      "import { ApiError } from '../../shared/errors';",
      "import type { Db } from '../../db/db';",
      "import { defineResource } from '../../autoquery/index';",
      "import { hashPassword } from '../../identity/public';",
      "import { normalizeDurations } from '../../../domain/durations';",
      "import type { Customer } from '../../../schema/customers';",
      "import { DateTime } from 'luxon';",
    ];
    expect(await boundaryErrors('server/areas/customers/x.ts', `${allowed.join('\n')}\n`)).toEqual([]);
    expect(await boundaryErrors('server/areas/company/x.ts', "import { hashPassword } from '../../identity/passwords';\nexport const h = hashPassword;\n")).toHaveLength(1);
    expect(await boundaryErrors('server/areas/company/x.ts', "import { buildApp } from '../../app';\nexport const b = buildApp;\n")).toHaveLength(1);
    expect(await boundaryErrors('server/areas/company/x.ts', "import { useApi } from '../../../src/common/useApi';\nexport const u = useApi;\n")).toEqual([
      expect.stringContaining('only domain/ and schema/'),
    ]);
  });

  it('domain/ imports no I/O, no server and no admin', async () => {
    const broken = [
      "import { readFileSync } from 'node:fs';",
      "import pg from 'pg';",
      "import Fastify from 'fastify';",
      "import { PGlite } from '@electric-sql/pglite';",
      "import type { Lang } from '../server/shared/messages';",
      "import { useApi } from '../src/common/useApi';",
    ];
    for (const line of broken) {
      expect(await boundaryErrors('domain/pricing/x.ts', `${line}\n`), line).toHaveLength(1);
    }
    expect(await boundaryErrors('domain/pricing/x.ts', "import { DateTime } from 'luxon';\nimport { randomInt } from 'node:crypto';\nimport type { IdName } from '../../schema/common';\n")).toEqual([]);
  });

  it('the seed uses identity only through its public file', async () => {
    expect(await boundaryErrors('server/db/seed.ts', "import { hashPassword } from '../identity/passwords';\n")).toHaveLength(1);
    expect(await boundaryErrors('server/db/seed.ts', "import { hashPassword } from '../identity/public';\n")).toEqual([]);
  });
});
