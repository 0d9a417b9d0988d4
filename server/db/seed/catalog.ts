import type { Db } from '../db';

export interface CatalogOptions {
  /** How many customers to create (the demo has about 200). */
  customers?: number;
}

/**
 * Services, prices, articles, custom fields and customers of a demo company.
 * Filled in by the catalog and customers areas as their tables arrive.
 */
export async function seedCatalog(_db: Db, _companyId: number, _options: CatalogOptions = {}): Promise<void> {}
