/**
 * The official Mailchimp client (`@mailchimp/mailchimp_marketing`), one instance per call so two
 * companies' keys never share its configuration (the package's default export is a singleton). Its
 * base path is MAILCHIMP_API_URL (production: https://server.api.mailchimp.com/3.0), else the embedded
 * sandbox at the server's public URL; 'server' in it is replaced by the key's data centre, as the
 * client does.
 */
import { createRequire } from 'node:module';
import { MAILCHIMP_SANDBOX_PATH } from '../../shared/mailchimp';

const require = createRequire(import.meta.url);

interface ListsApi {
  getAllLists(opts?: Record<string, unknown>): Promise<{ lists: { id: string; name: string; stats: { member_count: number } }[]; total_items: number }>;
  getList(listId: string): Promise<{ id: string; name: string }>;
  getListMembersInfo(listId: string, opts?: Record<string, unknown>): Promise<{ members: { email_address: string; status: string }[]; total_items: number }>;
  setListMember(listId: string, hash: string, body: Record<string, unknown>): Promise<unknown>;
  updateListMember(listId: string, hash: string, body: Record<string, unknown>): Promise<unknown>;
  batchListMembers(listId: string, body: Record<string, unknown>): Promise<{ total_created: number; total_updated: number; error_count: number; errors: { email_address: string; error: string }[] }>;
}

export interface MailchimpClient {
  basePath: string;
  setConfig(config: { apiKey: string; server: string }): void;
  ping: { get(): Promise<{ health_status: string }> };
  lists: ListsApi;
}

const ApiClient = require('@mailchimp/mailchimp_marketing/src/ApiClient.js') as new () => MailchimpClient;

/** A client for one company's key and data centre. */
export function mailchimpClient(publicUrl: string, apiKey: string, server: string): MailchimpClient {
  const client = new ApiClient();
  client.basePath = (process.env.MAILCHIMP_API_URL || `${publicUrl}${MAILCHIMP_SANDBOX_PATH}/server/3.0`).replace(/\/+$/, '');
  client.setConfig({ apiKey, server });
  return client;
}

/** The provider's own words for a failed call (Mailchimp's problem detail), else the error's message. */
export function providerMessage(err: unknown): string {
  const e = err as { response?: { body?: { title?: string; detail?: string } }; status?: number; message?: string };
  const body = e.response?.body;
  if (body?.detail || body?.title) return [body.title, body.detail].filter(Boolean).join(': ');
  return e.message ?? String(err);
}

/** The HTTP status of a failed call, when the provider answered. */
export const statusOf = (err: unknown): number | undefined => (err as { status?: number }).status;
