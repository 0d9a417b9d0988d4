import { buildTemplates } from './template';

/** Runs once before the server tests: one migrated, seeded template for every test file to copy. */
export default async function setup(): Promise<void> {
  await buildTemplates();
}
