/**
 * Runs once before the server tests: one migrated, seeded template for every test file to copy,
 * named after this run so parallel runs on one machine stay apart. Removed afterwards.
 */
export default async function setup(): Promise<() => Promise<void>> {
  process.env.BOOKING_TEST_RUN ??= `${process.pid}`;
  const { buildTemplates, dropTemplates } = await import('./template');
  await buildTemplates();
  return dropTemplates;
}
