/**
 * The door-lock settings (spec areas.md, Door locks): GET, PUT, POST /codelock/settings (the active
 * system, the margins, each resource's doors; IncludeCodeLockSystemOptions adds the ten systems and
 * their fields) and GET, PUT, POST /codelock/{system}/settings for each system's own fields, with
 * Created and Updated. Secret fields are sealed with the company's key and answered only as
 * `<Field>Set`. POST /codelock/{system}/test checks the address and credentials against the lock.
 */
import type { FastifyInstance } from 'fastify';
import type { Db } from '../../db/db';
import { companyKey, decrypt, encrypt } from '../../shared/encryption';
import { ApiError, checkFieldsWhenRefused, ValidationErrors } from '../../shared/errors';
import { sentObject } from '../../shared/sentInput';
import { requirePlanArea } from '../../shared/planLimits';
import { adapterFor, LockRefused, LockUnreachable } from './adapters';
import { codelockKey } from './messages';
import { dialectOf, LOCKS_SANDBOX_PATH, PIN_LENGTHS, SYSTEMS, systemById, type SystemDef } from './systems';

const read = { permission: { area: 'settings', action: 'read' } } as const;
const write = { permission: { area: 'settings', action: 'write' } } as const;
const gate = requirePlanArea('codelock');

const nullableString = { type: ['string', 'null'] } as const;
const stamp = { type: ['string', 'null'] } as const;

const doorsSchema = {
  type: 'array',
  items: { type: 'object', properties: { ResourceId: { type: 'integer' }, ResourceName: { type: 'string' }, DoorIds: { type: 'array', items: { type: 'string' } } }, required: ['ResourceId', 'DoorIds'] },
} as const;

const generalSchema = {
  type: 'object',
  properties: {
    Active: { type: 'boolean' },
    CodeLockSystemsId: { type: ['integer', 'null'] },
    CodeLockSystemName: nullableString,
    MarginBeforeMinutes: { type: 'integer' },
    MarginAfterMinutes: { type: 'integer' },
    Doors: doorsSchema,
    LastError: nullableString,
    LastErrorAt: stamp,
    Created: stamp,
    Updated: stamp,
    CodeLockSystemOptions: {
      type: 'array',
      items: {
        type: 'object',
        properties: {
          Id: { type: 'integer' },
          Key: { type: 'string' },
          Name: { type: 'string' },
          Credential: { type: 'string' },
          Configured: { type: 'boolean' },
          Fields: { type: 'array', items: { type: 'object', properties: { Name: { type: 'string' }, Secret: { type: 'boolean' }, Required: { type: 'boolean' }, Type: { type: 'string' } } } },
        },
      },
    },
  },
} as const;

/** The company named by the contract's CompanyId: a positive int4 (another company's is answered 404 after the schema). */
const companyId = { type: 'integer', minimum: 1, maximum: 2147483647 } as const;
const margin = { type: 'integer', minimum: 0, maximum: 1440 } as const;

const doorsInput = {
  type: 'array',
  maxItems: 1000,
  items: {
    type: 'object',
    properties: {
      ResourceId: { type: 'integer', minimum: 1, maximum: 2147483647 },
      ResourceName: { type: 'string', maxLength: 200 },
      DoorIds: { type: 'array', maxItems: 50, items: { type: 'string', maxLength: 200 } },
    },
    required: ['ResourceId', 'DoorIds'],
  },
} as const;

const generalInput = {
  type: 'object',
  properties: {
    CompanyId: companyId,
    Active: { type: 'boolean' },
    CodeLockSystemsId: { type: ['integer', 'null'], minimum: 1, maximum: 2147483647 },
    MarginBeforeMinutes: margin,
    MarginAfterMinutes: margin,
    Doors: doorsInput,
  },
} as const;

const query = { type: 'object', properties: { CompanyId: companyId, IncludeCodeLockSystemOptions: { type: 'boolean' } } } as const;

/** The answer schema of one system's settings: its plain fields by name, its secrets only as `<Name>Set`. */
function systemSchema(def: SystemDef) {
  const properties: Record<string, unknown> = { System: { type: 'string' }, Name: { type: 'string' }, Created: stamp, Updated: stamp };
  for (const f of def.Fields) properties[f.Secret ? `${f.Name}Set` : f.Name] = f.Secret ? { type: 'boolean' } : f.Type === 'number' ? { type: ['integer', 'null'] } : { type: 'string' };
  return { type: 'object', properties } as const;
}

function systemInput(def: SystemDef) {
  const properties: Record<string, unknown> = { CompanyId: companyId };
  for (const f of def.Fields) {
    properties[f.Name] = f.Type === 'number' ? { type: ['integer', 'null'], minimum: -2147483648, maximum: 2147483647 } : { type: ['string', 'null'], maxLength: f.Secret ? 8000 : 500 };
  }
  return { type: 'object', properties } as const;
}

interface SystemRow {
  fields: Record<string, string> | string;
  secrets_sealed: string | null;
  created: Date | string;
  updated: Date | string;
}

const when = (v: Date | string | null | undefined) => (v ? new Date(v).toISOString() : null);
const fieldsOf = (row: SystemRow | undefined): Record<string, string> => (row ? (typeof row.fields === 'string' ? (JSON.parse(row.fields) as Record<string, string>) : row.fields) : {});

/** A system's stored settings with its secrets opened (for the adapter only). */
export async function systemSettings(db: Db, companyId: number, def: SystemDef): Promise<{ values: Record<string, string>; row: SystemRow | undefined }> {
  const row = await db.one<SystemRow>('select fields, secrets_sealed, created, updated from codelock_system_settings where company_id = $1 and system = $2', [companyId, def.Key]);
  const values = { ...fieldsOf(row) };
  if (row?.secrets_sealed) Object.assign(values, JSON.parse(decrypt(await companyKey(db, companyId), row.secrets_sealed)) as Record<string, string>);
  return { values, row };
}

/** Whether every required field of the system has a value. */
const configured = (def: SystemDef, values: Record<string, string>) => def.Fields.every((f) => !f.Required || !!values[f.Name]);

/** The lock address a system's calls go to: its ApiUrl, else the embedded simulator. */
export const lockBase = (publicUrl: string, def: SystemDef, values: Record<string, string>) => values.ApiUrl || `${publicUrl}${LOCKS_SANDBOX_PATH}/${dialectOf(def.Key)}`;

async function general(db: Db, companyId: number, withOptions: boolean) {
  const s = await db.one<{ active: boolean; system: string | null; margin_before_minutes: number; margin_after_minutes: number; last_error: string | null; last_error_at: Date | null; created: Date; updated: Date }>(
    'select * from codelock_settings where company_id = $1',
    [companyId],
  );
  const doors = await db.query<{ id: number; name: string; doors: string[] | null }>(
    `select r.id, r.name, array_remove(array_agg(d.door_id order by d.door_id), null) as doors
       from resources r left join codelock_doors d on d.resource_id = r.id where r.company_id = $1 group by r.id, r.name order by r.name, r.id`,
    [companyId],
  );
  const def = s?.system ? SYSTEMS.find((x) => x.Key === s.system) : undefined;
  const answer: Record<string, unknown> = {
    Active: s?.active ?? false,
    CodeLockSystemsId: def?.Id ?? null,
    CodeLockSystemName: def?.Name ?? null,
    MarginBeforeMinutes: s?.margin_before_minutes ?? 15,
    MarginAfterMinutes: s?.margin_after_minutes ?? 15,
    Doors: doors.map((r) => ({ ResourceId: r.id, ResourceName: r.name, DoorIds: r.doors ?? [] })),
    LastError: s?.last_error ?? null,
    LastErrorAt: when(s?.last_error_at),
    Created: when(s?.created),
    Updated: when(s?.updated),
  };
  if (withOptions) {
    const rows = await db.query<{ system: string; fields: Record<string, string> | string; secrets_sealed: string | null }>('select system, fields, secrets_sealed from codelock_system_settings where company_id = $1', [companyId]);
    answer.CodeLockSystemOptions = SYSTEMS.map((x) => {
      const row = rows.find((r) => r.system === x.Key);
      const plain = fieldsOf(row as SystemRow | undefined);
      const known = { ...plain, ...Object.fromEntries(x.Fields.filter((f) => f.Secret && row?.secrets_sealed).map((f) => [f.Name, 'set'])) };
      return { Id: x.Id, Key: x.Key, Name: x.Name, Credential: x.Credential, Configured: !!row && configured(x, known), Fields: x.Fields };
    });
  }
  return answer;
}

type GeneralInput = { Active?: boolean; CodeLockSystemsId?: number | null; MarginBeforeMinutes?: number; MarginAfterMinutes?: number; Doors?: { ResourceId: number; DoorIds: string[] }[] };

/** The general settings' field errors, and the system and state they would keep. */
async function generalRules(app: FastifyInstance, companyId: number, b: GeneralInput) {
  const errors = new ValidationErrors();
  const current = await app.db.one<{ active: boolean; system: string | null }>('select active, system from codelock_settings where company_id = $1', [companyId]);
  let system = current?.system ?? null;
  if (b.CodeLockSystemsId !== undefined) {
    const def = b.CodeLockSystemsId === null ? undefined : systemById(b.CodeLockSystemsId);
    if (b.CodeLockSystemsId !== null && !def) errors.add('CodeLockSystemsId', codelockKey('CodelockUnknownSystem'), { id: b.CodeLockSystemsId });
    else system = def?.Key ?? null;
  }
  const active = b.Active ?? current?.active ?? false;
  const def = system ? SYSTEMS.find((x) => x.Key === system) : undefined;
  if (active && !def) errors.add('CodeLockSystemsId', 'NotEmpty');
  else if (active && def && !configured(def, (await systemSettings(app.db, companyId, def)).values)) errors.add('CodeLockSystemsId', codelockKey('CodelockNotConfigured'), { system: def.Name });
  for (const field of ['MarginBeforeMinutes', 'MarginAfterMinutes'] as const) {
    const v = b[field];
    if (v !== undefined && (v < 0 || v > 1440)) errors.add(field, codelockKey('CodelockMargin'));
  }
  if (b.Doors) {
    const ids = [...new Set(b.Doors.map((d) => d.ResourceId))];
    const known = await app.db.query<{ id: number }>('select id from resources where company_id = $1 and id = any($2::int[])', [companyId, ids]);
    for (const id of ids) if (!known.some((k) => k.id === id)) errors.add('Doors', codelockKey('CodelockUnknownResource'), { id });
  }
  return { errors, active, system };
}

/** The general settings' rules before the schema when the request is refused anyway, on the values the schema would accept. */
function generalRulesEarly(app: FastifyInstance) {
  return checkFieldsWhenRefused(async (request, refuse) => {
    const body = sentObject(request.body) ?? {};
    const int = (v: unknown) => (typeof v === 'number' && Number.isInteger(v) && Math.abs(v) <= 2147483647 ? v : undefined);
    const doors = Array.isArray(body.Doors) && body.Doors.every((d) => int((d as { ResourceId?: unknown } | null)?.ResourceId) !== undefined && Array.isArray((d as { DoorIds?: unknown }).DoorIds)) ? (body.Doors as GeneralInput['Doors']) : undefined;
    const typed: GeneralInput = {
      Active: typeof body.Active === 'boolean' ? body.Active : undefined,
      CodeLockSystemsId: body.CodeLockSystemsId === null ? null : int(body.CodeLockSystemsId),
      MarginBeforeMinutes: int(body.MarginBeforeMinutes),
      MarginAfterMinutes: int(body.MarginAfterMinutes),
      Doors: doors,
    };
    (await generalRules(app, request.ctx.companyId, typed)).errors.refuseEach(refuse);
  });
}

async function saveGeneral(app: FastifyInstance, companyId: number, b: GeneralInput) {
  const { errors, active, system } = await generalRules(app, companyId, b);
  errors.throwIfAny();
  await app.db.tx(async (tx) => {
    await tx.query(
      `insert into codelock_settings (company_id, active, system, margin_before_minutes, margin_after_minutes) values ($1, $2, $3, coalesce($4, 15), coalesce($5, 15))
       on conflict (company_id) do update set active = excluded.active, system = excluded.system,
         margin_before_minutes = coalesce($4, codelock_settings.margin_before_minutes), margin_after_minutes = coalesce($5, codelock_settings.margin_after_minutes), updated = now()`,
      [companyId, active, system, b.MarginBeforeMinutes ?? null, b.MarginAfterMinutes ?? null],
    );
    for (const d of b.Doors ?? []) {
      const doors = [...new Set(d.DoorIds.map((x) => x.trim()).filter(Boolean))];
      await tx.query('delete from codelock_doors where company_id = $1 and resource_id = $2 and not (door_id = any($3::text[]))', [companyId, d.ResourceId, doors]);
      for (const door of doors) await tx.query('insert into codelock_doors (company_id, resource_id, door_id) values ($1, $2, $3) on conflict do nothing', [companyId, d.ResourceId, door]);
    }
  });
}

/** A system's fields as they would be kept, and the field errors of the body (stored values fill what is not sent). */
function systemFields(def: SystemDef, stored: Record<string, string>, b: Record<string, unknown>) {
  const errors = new ValidationErrors();
  const plain: Record<string, string> = {};
  const secrets: Record<string, string> = {};
  for (const f of def.Fields) {
    const sent = b[f.Name];
    // Not sent: kept. Sent empty: a secret is kept, a plain field is cleared.
    let kept: string;
    if (sent === undefined) kept = stored[f.Name] ?? '';
    else if (sent === null || String(sent).trim() === '') kept = f.Secret ? (stored[f.Name] ?? '') : '';
    else kept = String(sent).trim();
    if (f.Required && !kept) errors.add(f.Name, codelockKey('CodelockFieldRequired'), { system: def.Name });
    if (f.Type === 'url' && kept && !/^https?:\/\/[^\s]+$/.test(kept)) errors.add(f.Name, codelockKey('CodelockBadUrl'));
    if (f.Type === 'number' && kept && !(Number(kept) >= PIN_LENGTHS.min && Number(kept) <= PIN_LENGTHS.max && Number.isInteger(Number(kept)))) errors.add(f.Name, codelockKey('CodelockPinLength'), { min: PIN_LENGTHS.min, max: PIN_LENGTHS.max });
    if (!kept) continue;
    if (f.Secret) secrets[f.Name] = kept;
    else plain[f.Name] = kept;
  }
  return { errors, plain, secrets };
}

async function saveSystem(app: FastifyInstance, companyId: number, def: SystemDef, b: Record<string, unknown>) {
  const { values: stored } = await systemSettings(app.db, companyId, def);
  const { errors, plain, secrets } = systemFields(def, stored, b);
  errors.throwIfAny();
  const sealed = Object.keys(secrets).length ? encrypt(await companyKey(app.db, companyId), JSON.stringify(secrets)) : null;
  await app.db.query(
    `insert into codelock_system_settings (company_id, system, fields, secrets_sealed) values ($1, $2, $3::jsonb, $4)
     on conflict (company_id, system) do update set fields = excluded.fields, secrets_sealed = excluded.secrets_sealed, updated = now()`,
    [companyId, def.Key, JSON.stringify(plain), sealed],
  );
}

/** The field rules of a system's settings (and of its connection test), also before the schema when the request is refused anyway. */
function systemRulesEarly(app: FastifyInstance, def: SystemDef, test: boolean) {
  return checkFieldsWhenRefused(async (request, refuse) => {
    const { values } = await systemSettings(app.db, request.ctx.companyId, def);
    if (test) {
      if (!configured(def, values)) refuse('System', codelockKey('CodelockNotConfigured'), { system: def.Name });
      return;
    }
    const body = sentObject(request.body) ?? {};
    // Only what the schema itself does not refuse: a field with a wrong type or length is named by the schema.
    const plausible = Object.fromEntries(Object.entries(body).filter(([, v]) => v === null || typeof v === 'string' || typeof v === 'number'));
    systemFields(def, values, plausible).errors.refuseEach(refuse);
  });
}

async function systemAnswer(app: FastifyInstance, companyId: number, def: SystemDef) {
  const { values, row } = await systemSettings(app.db, companyId, def);
  const answer: Record<string, unknown> = { System: def.Key, Name: def.Name, Created: when(row?.created), Updated: when(row?.updated) };
  for (const f of def.Fields) {
    if (f.Secret) answer[`${f.Name}Set`] = !!values[f.Name];
    else if (f.Type === 'number') answer[f.Name] = values[f.Name] ? Number(values[f.Name]) : null;
    else answer[f.Name] = values[f.Name] ?? '';
  }
  return answer;
}

/** Writes (or clears) what the lock last failed with, for the settings and booking pages. */
export async function recordLockError(db: Db, companyId: number, text: string | null): Promise<void> {
  await db.query('update codelock_settings set last_error = $2, last_error_at = case when $2::text is null then null else now() end where company_id = $1', [companyId, text?.slice(0, 500) ?? null]);
}

export default async function settings(app: FastifyInstance): Promise<void> {
  app.get('/codelock/settings', { config: read, schema: { querystring: query, response: { 200: generalSchema } } }, async (request) =>
    general(app.db, request.ctx.companyId, !!(request.query as { IncludeCodeLockSystemOptions?: boolean }).IncludeCodeLockSystemOptions),
  );
  for (const method of ['PUT', 'POST'] as const) {
    app.route({
      method,
      url: '/codelock/settings',
      config: write,
      preValidation: generalRulesEarly(app),
      preHandler: gate,
      schema: { body: generalInput, response: { 200: generalSchema } },
      handler: async (request) => {
        await saveGeneral(app, request.ctx.companyId, (request.body ?? {}) as GeneralInput);
        return general(app.db, request.ctx.companyId, true);
      },
    });
  }

  for (const def of SYSTEMS) {
    const url = `/codelock/${def.Key}/settings`;
    app.get(url, { config: read, schema: { querystring: query, response: { 200: systemSchema(def) } } }, async (request) => systemAnswer(app, request.ctx.companyId, def));
    for (const method of ['PUT', 'POST'] as const) {
      app.route({
        method,
        url,
        config: write,
        preValidation: systemRulesEarly(app, def, false),
        preHandler: gate,
        schema: { body: systemInput(def), response: { 200: systemSchema(def) } },
        handler: async (request) => {
          await saveSystem(app, request.ctx.companyId, def, (request.body ?? {}) as Record<string, unknown>);
          return systemAnswer(app, request.ctx.companyId, def);
        },
      });
    }
    // Test connection: the stored settings against the lock (or its simulator).
    app.post(
      `/codelock/${def.Key}/test`,
      { config: write, preValidation: systemRulesEarly(app, def, true), preHandler: gate, schema: { body: query, response: { 200: { type: 'object', properties: { Ok: { type: 'boolean' }, Message: { type: 'string' } } } } } },
      async (request) => {
        const { companyId } = request.ctx;
        const { values } = await systemSettings(app.db, companyId, def);
        if (!configured(def, values)) throw ApiError.field(400, 'System', codelockKey('CodelockNotConfigured'), { system: def.Name });
        try {
          const answer = await adapterFor(def.Key, values, lockBase(app.config.publicUrl, def, values)).test();
          const active = await app.db.one('select 1 from codelock_settings where company_id = $1 and system = $2', [companyId, def.Key]);
          if (active) await recordLockError(app.db, companyId, null);
          return { Ok: true, Message: answer.text };
        } catch (err) {
          if (err instanceof LockUnreachable || err instanceof LockRefused) return { Ok: false, Message: err.message };
          throw err;
        }
      },
    );
  }
}
