export { Outbox, type OutboxEntry, type OutboxHandler, type OutboxMessage, type OutboxState } from './outbox';
