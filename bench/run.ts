/**
 * `npm run bench [bundle|customers|availability|availability-http|pricing|mixed|limits|bookings|messages|scheduler|newsletters|feed|statistics|webhooks …]`: the speed targets, measured on this machine. Prints a table and writes
 * bench/results/latest.json. Targets are reported, never asserted in tests.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { measureBundle } from './bundle';
import { benchCustomerList } from './customers';
import { runAvailabilityBench } from './availability';
import { runPricingBench } from './pricing';
import { runAvailabilityHttpBench } from './availabilityHttp';
import { runMixedBench, describe as describeLoad } from './mixed';
import { runLimitsBench } from './limits';
import { runBookingBench } from './bookings';
import { runSchedulerBench } from './scheduler';
import { runNewsletterBench } from './newsletters';
import { runMessagesBench } from './messages';
import { runFeedBench } from './feed';
import { runStatisticsBench } from './statistics';
import { runWebhookBench } from './webhooks';

interface Row {
  name: string;
  value: string;
  target: string;
  ok: boolean;
}

const only = process.argv.slice(2);
const want = (name: string): boolean => only.length === 0 || only.includes(name);
const rows: Row[] = [];
const ms = (n: number): string => `${n.toFixed(2)} ms`;

if (want('bundle')) {
  const b = measureBundle('dist');
  rows.push({ name: 'JS before first screen (gzip)', value: `${(b.totalGzip / 1024).toFixed(1)} kB (${b.files.length} files, ${(b.totalBytes / 1024).toFixed(0)} kB raw)`, target: '≤ 300 kB', ok: b.totalGzip <= 300 * 1024 });
}
if (want('customers')) {
  for (const r of await benchCustomerList()) {
    rows.push({ name: `${r.name} p50`, value: ms(r.p50), target: '', ok: true });
    rows.push({
      name: `${r.name} p95`,
      value: `${ms(r.p95)} (${r.requests} requests, ${r.errors} errors, ${r.rps.toFixed(0)} req/s)`,
      target: r.target ? '< 10 ms' : '',
      ok: (!r.target || r.p95 < 10) && r.errors === 0,
    });
  }
}
const percentiles = (list: { name: string; p50: number; p95: number }[], targetMs: number): void => {
  for (const r of list) {
    rows.push({ name: `${r.name} p50`, value: ms(r.p50), target: '', ok: true });
    rows.push({ name: `${r.name} p95`, value: ms(r.p95), target: `< ${targetMs} ms`, ok: r.p95 < targetMs });
  }
};
if (want('availability')) percentiles(await runAvailabilityBench(), 20);
if (want('availability-http')) percentiles(await runAvailabilityHttpBench(), 30);
if (want('pricing')) percentiles(await runPricingBench(), 5);
if (want('feed')) percentiles(await runFeedBench(), 200);
if (want('statistics')) percentiles(await runStatisticsBench(), 100);
if (want('webhooks')) {
  // The first figure is for comparison (from inside the booking's transaction); the goal is on the second.
  const results = await runWebhookBench();
  results.forEach((r, i) => {
    rows.push({ name: `${r.name} p50`, value: ms(r.p50), target: '', ok: true });
    rows.push({ name: `${r.name} p95`, value: ms(r.p95), target: i === results.length - 1 ? '< 1000 ms' : '', ok: i < results.length - 1 || r.p95 < 1000 });
  });
  const r = results[results.length - 1]!;
  rows.push({
    name: 'webhook deliveries',
    value: `${r.delivered}/${r.expected} delivered, ${r.deliveriesPerSecond.toFixed(0)} a second, ${r.duplicates} twice`,
    target: 'all, once',
    ok: r.delivered === r.expected && r.duplicates === 0,
  });
}
if (want('mixed')) {
  for (const r of await runMixedBench()) {
    console.log(describeLoad(r));
    const reads = r.kinds.filter((k) => k.kind !== 'create' && k.kind !== 'update');
    const readP95 = Math.max(0, ...reads.map((k) => k.p95));
    const errors = r.kinds.reduce((a, k) => a + k.errors, 0);
    rows.push({ name: `${r.name}: requests/s, outside 2xx, creates read back`, value: `${r.rps.toFixed(0)}/s, ${errors}, ${r.created - r.missing}/${r.created}`, target: '0 outside 2xx, all read back', ok: errors === 0 && r.missing === 0 });
    for (const k of r.kinds) {
      const write = k.kind === 'create' || k.kind === 'update';
      const target = reads.length > 0 && write ? `p95 ≤ 2 × reads' p95 (${ms(2 * readP95)})` : k.kind === 'create' ? '≥ 1000 creates/s' : '';
      const ok = reads.length > 0 && write ? k.p95 <= 2 * readP95 : k.kind === 'create' ? k.requests / r.seconds >= 1000 : true;
      rows.push({ name: `${r.name}: ${k.kind}`, value: `p50 ${ms(k.p50)}, p95 ${ms(k.p95)}, p99 ${ms(k.p99)} (${k.requests}, ${(k.requests / r.seconds).toFixed(0)}/s)`, target, ok });
    }
  }
}
if (want('limits')) percentiles(await runLimitsBench(), 50);
if (want('bookings')) {
  for (const r of await runBookingBench()) {
    if (r.refused !== undefined) {
      rows.push({
        name: `${r.name}: bookings/s`,
        value: `${r.rps.toFixed(0)}/s, p50 ${ms(r.p50)}, p95 ${ms(r.p95)} (${r.requests} requests, ${r.refused} refused as taken, ${r.errors} errors)`,
        target: '0 errors',
        ok: r.errors === 0,
      });
      continue;
    }
    const target = r.name.startsWith('GET /bookings') ? 20 : 30;
    rows.push({ name: `${r.name} p50`, value: ms(r.p50), target: '', ok: true });
    rows.push({ name: `${r.name} p95`, value: `${ms(r.p95)}${r.errors ? ` (${r.errors} errors)` : ''}`, target: `< ${target} ms`, ok: r.p95 < target && r.errors === 0 });
  }
}

if (want('scheduler')) {
  for (const r of await runSchedulerBench()) {
    rows.push({ name: r.name, value: `p50 ${ms(r.p50)}, max ${ms(r.max)} (${r.runs.map((x) => x.toFixed(0)).join(', ')} ms)`, target: `< ${r.targetMs} ms`, ok: r.p50 < r.targetMs });
  }
}
if (want('messages')) {
  for (const r of await runMessagesBench()) rows.push({ name: `messages: ${r.name}`, value: `${r.perSecond.toFixed(0)}/s (${r.count} in ${r.seconds.toFixed(1)} s)`, target: '', ok: true });
}
if (want('newsletters')) {
  for (const r of await runNewsletterBench()) {
    const worst = Math.max(...r.queueMs);
    rows.push({ name: `${r.name}: time to queue`, value: `${r.queueMs.map(ms).join(', ')}`, target: '< 2000 ms, one request', ok: worst < 2000 && r.errors === 0 });
    rows.push({
      name: `${r.name}: delivered to the catcher`,
      value: `${(r.deliverMs / 1000).toFixed(1)} s (${((r.receivers * 1000) / r.deliverMs).toFixed(0)} mails/s incl. the sweep's ≤ 5 s wait, ${r.errors} errors)`,
      target: '0 errors',
      ok: r.errors === 0,
    });
  }
}

const width = Math.max(...rows.map((r) => r.name.length));
for (const r of rows) console.log(`${r.ok ? '✓' : '✗'} ${r.name.padEnd(width)}  ${r.value}${r.target ? `  (target ${r.target})` : ''}`);
mkdirSync('bench/results', { recursive: true });
writeFileSync('bench/results/latest.json', JSON.stringify({ at: new Date().toISOString(), database: process.env.DATABASE_URL ? 'postgres' : 'pglite', rows }, null, 2));
