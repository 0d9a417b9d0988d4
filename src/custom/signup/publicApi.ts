import { loadConfig } from '../../config';
import type { ResponseStatus } from '../../../schema/common';

/** What a failed public call answered: its status, the overall message and the message per field. */
export class PublicCallError extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly fieldErrors: Record<string, string>,
  ) {
    super(message);
  }
}

/**
 * POSTs JSON to the booking API without a sign-in (the sign-up calls), in the page's language.
 * @example
 * const answer = await postPublic<SignUpResponse>('/signup', form, 'sv');
 */
export async function postPublic<T>(path: string, body: object, language: string): Promise<T> {
  const config = await loadConfig();
  const response = await fetch(`${config.apiUrl}${path}`, {
    method: 'POST',
    headers: { Accept: 'application/json', 'Content-Type': 'application/json', 'x-api-key': config.apiKey, 'x-language': language },
    body: JSON.stringify(body),
  });
  const answer: unknown = await response.json().catch(() => ({}));
  if (response.ok) return answer as T;
  const status = (answer as { ResponseStatus?: ResponseStatus }).ResponseStatus;
  const fieldErrors: Record<string, string> = {};
  for (const e of status?.Errors ?? []) if (e.FieldName && !fieldErrors[e.FieldName]) fieldErrors[e.FieldName] = e.Message;
  throw new PublicCallError(response.status, status?.Message ?? response.statusText, fieldErrors);
}
