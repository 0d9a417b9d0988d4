/**
 * Runs once before the server tests: one migrated, seeded template for every test file to copy,
 * named after this run so parallel runs on one machine stay apart. Removed afterwards.
 */
export default async function setup(): Promise<() => Promise<void>> {
  process.env.BOOKING_TEST_RUN ??= `${process.pid}`;
  // scrypt at the production cost (2^17, about a second here) would make every sign-in test slow;
  // tests/unit/passwords.test.ts checks the default.
  process.env.SCRYPT_LOG_N ??= '14';
  const { buildTemplates, dropTemplates } = await import('./template');
  await buildTemplates();
  return dropTemplates;
}
