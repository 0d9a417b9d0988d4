/**
 * Booking rules: pure functions, no SQL, no HTTP, no clock reads. The API (server/areas/bookings)
 * loads data, calls these and the availability engine, and writes in one transaction.
 */
export * from './statuses';
export * from './rules';
