/**
 * Which endpoint URLs are accepted (issue 31): https only; plain http only to a loopback host when
 * WEBHOOKS_ALLOW_HTTP_LOOPBACK=true (the embedded default and tests). The address a name resolves to is
 * checked again at connect time by the delivery agent (server/integrations/webhooks/http.ts).
 */
import { isIP } from 'node:net';

const LOOPBACK_NAMES = new Set(['localhost', '127.0.0.1', '[::1]']);

export const allowHttpLoopback = (): boolean => process.env.WEBHOOKS_ALLOW_HTTP_LOOPBACK === 'true';

/** Whether the URL may be an endpoint's: an absolute https URL (or loopback http when allowed), no credentials. */
export function acceptableUrl(text: string): boolean {
  let url: URL;
  try {
    url = new URL(text.trim());
  } catch {
    return false;
  }
  if (url.username || url.password || !url.hostname) return false;
  if (url.protocol === 'https:') return true;
  return url.protocol === 'http:' && allowHttpLoopback() && (LOOPBACK_NAMES.has(url.hostname) || (isIP(url.hostname) === 4 && url.hostname.startsWith('127.')));
}
