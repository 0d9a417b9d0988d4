import type { Db } from '../../db/db';
import type { DataVersions } from '../../db/versions';
import { Lru } from '../../shared/lru';
import type { AvailabilityData, Instant, ServiceSpec } from '../../../domain/availability';
import { loadAvailabilityData, loadServiceSpec } from './availabilityData';

interface Entry {
  version: string;
  spec: { service: ServiceSpec; timeZone: string } | undefined;
  /** The window the data was loaded for, when it was. */
  data?: { from: Instant; to: Instant; value: AvailabilityData };
}

/** Calendars kept at most; the least recently used goes first. */
const MAX_ENTRIES = 200;

/**
 * Loaded calendars per company and service, valid while the company's availability version (a
 * counter every write to a table availability reads moves, migration 021) stays the same. A hit
 * costs one shared indexed read; any booking, exception, schedule or resource change makes the next
 * request load afresh. Reads only: the booking call must load inside its own transaction.
 * @example
 * const cache = new AvailabilityCache(app.versions);
 * const spec = await cache.spec(db, companyId, serviceId);
 * const data = await cache.data(db, companyId, spec, from, to);
 */
export class AvailabilityCache {
  private readonly entries = new Lru<Entry>({ maxEntries: MAX_ENTRIES });

  constructor(private readonly versions: DataVersions) {}


  /** The service as the engine sees it (see loadServiceSpec), current as of this call. */
  async spec(db: Db, companyId: number, serviceId: number): Promise<{ service: ServiceSpec; timeZone: string } | undefined> {
    const key = `${companyId}:${serviceId}`;
    const version = await this.versions.read(companyId, 'availability');
    const hit = this.entries.get(key);
    if (hit && hit.version === version) {
      this.entries.set(key, hit);
      return hit.spec;
    }
    const spec = await loadServiceSpec(db, companyId, serviceId);
    this.entries.set(key, { version, spec });
    return spec;
  }

  /**
   * The availability data of [from, to) for a service whose spec came from `spec()` just before:
   * reused when the same version already loaded a window covering it.
   */
  async data(db: Db, companyId: number, spec: { service: ServiceSpec; timeZone: string }, from: Instant, to: Instant): Promise<AvailabilityData> {
    const key = `${companyId}:${spec.service.id}`;
    const entry = this.entries.get(key);
    const now = Date.now();
    if (entry?.data && entry.spec === spec && entry.data.from <= from && entry.data.to >= to) return { ...entry.data.value, now };
    const version = entry?.version ?? (await this.versions.read(companyId, 'availability'));
    const value = await loadAvailabilityData(db, companyId, spec, from, to, now);
    if (entry && entry.spec === spec && entry.version === version) this.entries.set(key, { ...entry, data: { from, to, value } });
    return value;
  }
}
