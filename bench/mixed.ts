/**
 * A company's busy hour (issue 20): 32 clients on the demo company for BENCH_SECONDS (default 20)
 * seconds, half listing customers, the rest searching, asking free times, reading services,
 * creating customers (10 %) and updating them (5 %); then 32 clients only creating customers. Run
 * it on the PostgreSQL server with two processes (`DATABASE_URL=… BENCH_WORKERS=2`) and on the
 * embedded default. Reports requests per second, p50/p95/p99 per kind, answers outside 2xx, whether
 * every acknowledged create reads back, how busy the machine's cores were and (PostgreSQL) what
 * the active sessions waited on. `npx tsx bench/mixed.ts`.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { DateTime } from 'luxon';
import { Pool } from 'undici';
import { openDb } from '../server/db/db';
import { percentile } from './stats';
import { BENCH_WORKERS, startBenchServer, type BenchServer } from './server';

const CLIENTS = 32;
const CUSTOMERS = 10_000;
const SECONDS = Number(process.env.BENCH_SECONDS ?? 20);
/** Cores the server can use: PGlite runs in the server's one thread; PostgreSQL servers use two here. */
const CORES = process.env.DATABASE_URL ? 2 : 1;
const coreWord = CORES === 1 ? 'one core' : `${CORES} cores`;

type Kind = 'list' | 'search' | 'freetimes' | 'services' | 'create' | 'update';
const READS: Kind[] = ['list', 'search', 'freetimes', 'services'];

/** The issue's mix: half list, 10 % create, 5 % update, the rest split over the other reads. */
function pickKind(r: number): Kind {
  if (r < 0.5) return 'list';
  if (r < 0.6) return 'create';
  if (r < 0.65) return 'update';
  return (['search', 'freetimes', 'services'] as const)[Math.min(2, Math.floor(((r - 0.65) / 0.35) * 3))];
}

export interface KindResult {
  kind: string;
  requests: number;
  errors: number;
  p50: number;
  p95: number;
  p99: number;
}

export interface LoadResult {
  name: string;
  seconds: number;
  rps: number;
  kinds: KindResult[];
  /** Acknowledged creates, and how many of them a read after the load did not find. */
  created: number;
  missing: number;
  /** Share of time each core was busy during the load (whole machine, every process). */
  coresBusy: number[];
  /** Active sessions of the bench database by wait, as shares of all samples (PostgreSQL only). */
  waits: { wait: string; share: number }[];
  /**
   * CPU time the server spent per request: its processes plus (PostgreSQL) the bench database's
   * sessions, in ms. The cores the server can use ÷ this is what it could answer per second with
   * them free, whatever else runs on the machine at the time.
   */
  cpuMsPerRequest: number;
  /** Of which the database sessions (PostgreSQL). */
  dbCpuMsPerRequest: number;
}

/** CPU time (user + system, ms) of a process, 0 when it is gone. */
function processCpuMs(pid: number): number {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return ((Number(fields[11]) + Number(fields[12])) * 1000) / 100; // utime, stime in clock ticks (USER_HZ 100)
  } catch {
    return 0;
  }
}

/** The process and its descendants. */
function processTree(root: number): number[] {
  const parents = new Map<number, number[]>();
  for (const name of readdirSync('/proc')) {
    if (!/^\d+$/.test(name)) continue;
    try {
      const stat = readFileSync(`/proc/${name}/stat`, 'utf8');
      const ppid = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
      parents.set(ppid, [...(parents.get(ppid) ?? []), Number(name)]);
    } catch {
      /* gone meanwhile */
    }
  }
  const all: number[] = [];
  const visit = (pid: number): void => {
    all.push(pid);
    for (const c of parents.get(pid) ?? []) visit(c);
  };
  visit(root);
  return all;
}

/** The CPU time of the server's processes and of the bench database's sessions, from now until `stop()`. */
async function measureServerCpu(server: BenchServer): Promise<{ stop(): Promise<{ total: number; db: number }> }> {
  const backends = async (): Promise<number[]> => {
    if (!server.databaseUrl) return [];
    const db = await openDb({ databaseUrl: server.databaseUrl });
    try {
      return (await db.query<{ pid: number }>('select pid from pg_stat_activity where datname = current_database() and pid <> pg_backend_pid()')).map((r) => r.pid);
    } finally {
      await db.close();
    }
  };
  const used = (pids: number[], start: Map<number, number>): number => pids.reduce((a, pid) => a + processCpuMs(pid) - (start.get(pid) ?? 0), 0);
  const snapshot = (pids: number[]): Map<number, number> => new Map(pids.map((pid) => [pid, processCpuMs(pid)]));
  const serverStart = snapshot(processTree(server.pid() ?? 0));
  const dbStart = snapshot(await backends());
  return {
    async stop() {
      const db = used(await backends(), dbStart);
      return { total: used(processTree(server.pid() ?? 0), serverStart) + db, db };
    },
  };
}

function cpuTimes(): { busy: number; total: number }[] {
  return readFileSync('/proc/stat', 'utf8')
    .split('\n')
    .filter((l) => /^cpu\d+ /.test(l))
    .map((l) => {
      const n = l.split(/\s+/).slice(1).map(Number);
      const idle = n[3] + n[4];
      const total = n.reduce((a, b) => a + b, 0);
      return { busy: total - idle, total };
    });
}

/** Samples pg_stat_activity of the bench database every 100 ms until stopped. */
function sampleWaits(databaseUrl: string | undefined): { stop(): Promise<{ wait: string; share: number }[]> } {
  if (!databaseUrl) return { stop: async () => [] };
  const counts = new Map<string, number>();
  let samples = 0;
  let running = true;
  const loop = (async () => {
    const db = await openDb({ databaseUrl });
    try {
      while (running) {
        const rows = await db.query<{ wait: string; n: number }>(
          `select coalesce(wait_event_type || ':' || wait_event, 'CPU') as wait, count(*)::int as n
             from pg_stat_activity where datname = current_database() and state = 'active' and pid <> pg_backend_pid() group by 1`,
        );
        for (const r of rows) counts.set(r.wait, (counts.get(r.wait) ?? 0) + r.n);
        samples += rows.reduce((a, r) => a + r.n, 0);
        await new Promise((r) => setTimeout(r, 100));
      }
    } finally {
      await db.close();
    }
  })();
  return {
    async stop() {
      running = false;
      await loop;
      return [...counts].sort((a, b) => b[1] - a[1]).map(([wait, n]) => ({ wait, share: n / Math.max(1, samples) }));
    },
  };
}

interface Target {
  server: BenchServer;
  pool: Pool;
  headers: Record<string, string>;
  freeTimesPath: string;
  customerIds: number[];
  /** The demo company's mandatory customer field (a membership number). */
  memberField: number;
}

/** The first answer outside 2xx, shown with the results. */
let firstFailure = '';

async function call(t: Target, method: 'GET' | 'POST' | 'PUT', path: string, body?: unknown): Promise<{ status: number; json: unknown }> {
  const res = await t.pool.request({
    method,
    path,
    headers: body === undefined ? t.headers : { ...t.headers, 'content-type': 'application/json' },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await res.body.text();
  if ((res.statusCode < 200 || res.statusCode >= 300) && !firstFailure) firstFailure = `${method} ${path}: ${res.statusCode} ${text.slice(0, 300)}`;
  return { status: res.statusCode, json: text && res.headers['content-type']?.toString().includes('json') ? JSON.parse(text) : undefined };
}

const NAMES = ['Anna', 'Erik', 'Maria', 'Lars', 'Karin', 'Anders', 'Eva', 'Johan', 'Sara', 'Per'];

/** Runs `kindOf` on CLIENTS clients for SECONDS and measures each kind. */
async function load(t: Target, name: string, kindOf: (r: number) => Kind, seconds = SECONDS): Promise<LoadResult> {
  const latencies = new Map<Kind, number[]>();
  const errors = new Map<Kind, number>();
  const created: number[] = [];
  let seq = 0;
  const send = async (kind: Kind): Promise<boolean> => {
    const n = seq++;
    switch (kind) {
      case 'list':
        return ok(await call(t, 'GET', '/api/customers?Take=25'));
      case 'search':
        return ok(await call(t, 'GET', `/api/customers?Take=25&Search=${NAMES[n % NAMES.length]}`));
      case 'freetimes':
        return ok(await call(t, 'GET', t.freeTimesPath));
      case 'services':
        return ok(await call(t, 'GET', '/api/services?Take=100'));
      case 'create': {
        const res = await call(t, 'POST', '/api/customers', {
          Firstname: NAMES[n % NAMES.length],
          Lastname: `Benchsson ${n}`,
          Email: `bench${n}-${Date.now()}@example.com`,
          CustomFieldValues: [{ Id: t.memberField, Value: `M${String(10000 + (n % 90000))}` }],
        });
        if (ok(res)) created.push((res.json as { Id: number }).Id);
        return ok(res);
      }
      case 'update': {
        const id = t.customerIds[n % t.customerIds.length];
        return ok(await call(t, 'PUT', `/api/customers/${id}`, { Firstname: NAMES[n % NAMES.length], Lastname: `Uppdaterad ${id}` }));
      }
    }
  };
  const serverCpu = await measureServerCpu(t.server);
  const cores = cpuTimes();
  const waits = sampleWaits(t.server.databaseUrl);
  const started = performance.now();
  const deadline = started + seconds * 1000;
  await Promise.all(
    Array.from({ length: CLIENTS }, async () => {
      while (performance.now() < deadline) {
        const kind = kindOf(Math.random());
        const t0 = performance.now();
        const good = await send(kind).catch(() => false);
        const list = latencies.get(kind) ?? [];
        list.push(performance.now() - t0);
        latencies.set(kind, list);
        if (!good) errors.set(kind, (errors.get(kind) ?? 0) + 1);
      }
    }),
  );
  const elapsed = (performance.now() - started) / 1000;
  const coresAfter = cpuTimes();
  const waited = await waits.stop();
  const cpuMs = await serverCpu.stop();
  // Every acknowledged create must read back (through whichever process answers).
  let missing = 0;
  for (let i = 0; i < created.length; i += CLIENTS) {
    await Promise.all(
      created.slice(i, i + CLIENTS).map(async (id) => {
        const res = await call(t, 'GET', `/api/customers?Id=${id}`);
        if (!ok(res) || (res.json as { Results: { Id: number }[] }).Results[0]?.Id !== id) missing++;
      }),
    );
  }
  const total = [...latencies.values()].reduce((a, l) => a + l.length, 0);
  return {
    name,
    seconds: elapsed,
    rps: total / elapsed,
    kinds: [...latencies].map(([kind, l]) => ({ kind, requests: l.length, errors: errors.get(kind) ?? 0, p50: percentile(l, 50), p95: percentile(l, 95), p99: percentile(l, 99) })),
    created: created.length,
    missing,
    coresBusy: coresAfter.map((c, i) => (c.busy - cores[i].busy) / Math.max(1, c.total - cores[i].total)),
    waits: waited,
    cpuMsPerRequest: cpuMs.total / Math.max(1, [...latencies.values()].reduce((a, l) => a + l.length, 0)),
    dbCpuMsPerRequest: cpuMs.db / Math.max(1, [...latencies.values()].reduce((a, l) => a + l.length, 0)),
  };
}

function ok(res: { status: number }): boolean {
  return res.status >= 200 && res.status < 300;
}

/** The mixed load and the writes-only load on a fresh server. */
export async function runMixedBench(): Promise<LoadResult[]> {
  let memberField = 0;
  const server = await startBenchServer(async (db, companyId) => {
    await db.query(
      `insert into customers (company_id, firstname, lastname, email, phone)
       select $1, (array['Anna','Erik','Maria','Lars','Karin','Anders','Eva','Johan','Sara','Per'])[1 + g % 10],
              (array['Andersson','Johansson','Karlsson','Nilsson','Eriksson','Larsson','Olsson','Persson','Svensson','Gustafsson'])[1 + (g / 10) % 10] || ' ' || g,
              'customer' || g || '@example.com', '+46 70 ' || lpad(g::text, 7, '0')
         from generate_series(1, $2::int) g`,
      [companyId, CUSTOMERS],
    );
    await db.exec('analyze customers');
    const field = await db.one<{ id: number }>("select id from custom_fields where company_id = $1 and is_mandatory and table_name = 'RegisteredUsers'", [companyId]);
    memberField = field!.id;
  });
  const pool = new Pool(server.baseUrl, { connections: CLIENTS, pipelining: 1 });
  const t: Target = { server, pool, headers: { accept: 'application/json', authorization: `Bearer ${server.token}`, 'x-language': 'en' }, freeTimesPath: '', customerIds: [], memberField };
  try {
    t.customerIds = ((await call(t, 'GET', '/api/customers?Take=1000')).json as { Results: { Id: number }[] }).Results.map((c) => c.Id);
    const services = ((await call(t, 'GET', '/api/services?Take=100')).json as { Results: { Id: number }[] }).Results;
    const from = DateTime.now().plus({ days: 7 }).startOf('day');
    const window = `From=${from.toFormat("yyyy-MM-dd'T'HH:mm:ss")}&To=${from.plus({ days: 7 }).toFormat("yyyy-MM-dd'T'HH:mm:ss")}`;
    for (const s of services) {
      const path = `/api/services/${s.Id}/availabletimes?${window}`;
      const res = await call(t, 'GET', path);
      if (ok(res) && ((res.json as { Times: unknown[] }).Times?.length ?? 0) > 0) {
        t.freeTimesPath = path;
        break;
      }
    }
    if (!t.freeTimesPath) throw new Error('no demo service with free times');
    const where = process.env.DATABASE_URL ? `PostgreSQL, ${BENCH_WORKERS} process(es)` : 'PGlite, 1 process';
    await load(t, 'warm-up', pickKind, 3);
    const mixed = await load(t, `mixed load, ${CLIENTS} clients, ${where}`, pickKind);
    const writes = await load(t, `creates only, ${CLIENTS} clients, ${where}`, () => 'create');
    return [mixed, writes];
  } finally {
    await pool.close();
    await server.stop();
  }
}

export function describe(r: LoadResult): string {
  const lines = [`${r.name}: ${r.rps.toFixed(0)} requests/s over ${r.seconds.toFixed(1)} s; ${r.created} creates acknowledged, ${r.missing} not read back`];
  if (firstFailure) lines.push(`  first answer outside 2xx: ${firstFailure}`);
  for (const k of r.kinds) {
    lines.push(`  ${k.kind.padEnd(9)} ${String(k.requests).padStart(6)} req  p50 ${k.p50.toFixed(1)} ms  p95 ${k.p95.toFixed(1)} ms  p99 ${k.p99.toFixed(1)} ms  outside 2xx ${k.errors}`);
  }
  const reads = r.kinds.filter((k) => READS.includes(k.kind as Kind));
  if (reads.length > 0) lines.push(`  reads' p95 (worst kind) ${Math.max(...reads.map((k) => k.p95)).toFixed(1)} ms`);
  lines.push(`  cores busy ${r.coresBusy.map((c) => `${(c * 100).toFixed(0)} %`).join(', ')} (every process on the machine)`);
  lines.push(
    `  server CPU ${r.cpuMsPerRequest.toFixed(2)} ms per request (database sessions ${r.dbCpuMsPerRequest.toFixed(2)} ms): ${coreWord} free would answer ${((CORES * 1000) / r.cpuMsPerRequest).toFixed(0)}/s`,
  );
  if (r.waits.length > 0) lines.push(`  active sessions: ${r.waits.slice(0, 5).map((w) => `${w.wait} ${(w.share * 100).toFixed(0)} %`).join(', ')}`);
  return lines.join('\n');
}

if (process.argv[1]?.endsWith('mixed.ts')) {
  for (const r of await runMixedBench()) console.log(describe(r));
}
