import { createHash } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { clickOnLoadScript } from './identity/pages';

/** The identity pages' one inline script (the sign-out page presses its button), allowed by its hash. */
const SIGN_OUT_SCRIPT = `'sha256-${createHash('sha256').update(clickOnLoadScript('signout')).digest('base64')}'`;

/**
 * The Content-Security-Policy of everything the server sends unless a route sets a stricter one
 * (the account pages, uploaded images): scripts only from this origin (no inline script, no eval),
 * styles from this origin plus inline ones (MUI/emotion injects <style> elements), images from
 * here, data: and blob: URLs and https (service and resource pictures may live elsewhere), fonts
 * from here and data:, fetches and frames to this origin and the identity provider, no plugins, no
 * <base>, and no page may frame it.
 * @example contentSecurityPolicy('https://id.example.com')
 */
export function contentSecurityPolicy(identityOrigin?: string): string {
  const identity = identityOrigin && identityOrigin !== 'self' ? ` ${identityOrigin}` : '';
  return [
    "default-src 'self'",
    `script-src 'self' ${SIGN_OUT_SCRIPT}`,
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' data: blob: https:",
    "font-src 'self' data:",
    `connect-src 'self'${identity}`,
    `frame-src 'self'${identity}`,
    "object-src 'none'",
    "base-uri 'self'",
    "frame-ancestors 'none'",
  ].join('; ');
}

/**
 * One hook for every answer — the admin's files, the API, the identity provider's pages (which
 * oidc-provider writes to the raw response) and errors: the headers are set on the raw response
 * before anything else runs, so a route that sets its own value (a stricter policy, a cacheable
 * image) still wins. API answers carry personal data: `Cache-Control: no-store` unless the route says
 * otherwise.
 * @example addSecurityHeaders(app, config.keycloakUrl);
 */
export function addSecurityHeaders(app: FastifyInstance, keycloakUrl?: string): void {
  const policy = contentSecurityPolicy(keycloakUrl ? new URL(keycloakUrl).origin : undefined);
  app.addHook('onRequest', async (request, reply) => {
    const raw = reply.raw;
    raw.setHeader('content-security-policy', policy);
    raw.setHeader('x-frame-options', 'DENY');
    raw.setHeader('x-content-type-options', 'nosniff');
    raw.setHeader('referrer-policy', 'no-referrer');
    if (request.url.startsWith('/api/') || request.url.startsWith('/realms/') || request.url.startsWith('/config.json')) {
      raw.setHeader('cache-control', 'no-store');
    }
  });
}
