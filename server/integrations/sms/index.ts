import { randomUUID } from 'node:crypto';
import type { Db } from '../../db/db';
import type { SentMail } from '../mail/mailer';
import { recordMail } from '../mail/outbox';

declare module 'fastify' {
  interface FastifyInstance {
    /** Sends text messages (the sandbox: caught in the outbox); decorated by the integrations plugin. */
    sms: SmsSender;
  }
}

/** One text message the product sends. */
export interface SmsMessage {
  companyId: number | null;
  /** A phone number, e.g. +46701234567. */
  to: string;
  text: string;
  /** What the message is about, e.g. 'booking_confirmation'. */
  kind?: string;
  /** The sender name shown on the phone (at most 11 characters with SMS providers). */
  from?: string;
}

/** Sends SMS. Every sender records what it sent in the catcher (mail_outbox, channel 'sms'). */
export interface SmsSender {
  readonly transport: string;
  /** Whether a provider would take this receiver (a phone number). */
  isReceiver(to: string): boolean;
  send(message: SmsMessage): Promise<SentMail>;
}

/** A phone number a provider would take: digits with an optional leading +, spaces and dashes allowed. */
export function isPhoneNumber(value: string): boolean {
  return /^\+?[0-9][0-9 ()-]{4,20}$/.test(value.trim());
}

/**
 * The SMS sandbox: accepts every well-formed message like a provider's test mode and keeps it in the
 * catcher, next to the mails, so the outbox page shows it.
 * @example
 * await new SandboxSms(db).send({ companyId: 1, to: '+46701234567', text: 'Välkommen!' });
 */
export class SandboxSms implements SmsSender {
  readonly transport = 'sms-sandbox';

  constructor(
    private readonly db: Db,
    private readonly from = 'Booking',
  ) {}

  isReceiver(to: string): boolean {
    return isPhoneNumber(to);
  }

  async send(message: SmsMessage): Promise<SentMail> {
    if (!isPhoneNumber(message.to)) throw new Error(`invalid phone number: ${message.to}`);
    const from = message.from ?? this.from;
    return recordMail(this.db, this.transport, from, { companyId: message.companyId, to: message.to.trim(), subject: '', text: message.text, kind: message.kind }, `sms-${randomUUID()}`, 'sms');
  }
}

/** The SMS sender the environment asks for (only the sandbox for now; a provider plugs in here). */
export function createSmsSender(db: Db, env: NodeJS.ProcessEnv = process.env): SmsSender {
  return new SandboxSms(db, env.SMS_FROM ?? 'Booking');
}
