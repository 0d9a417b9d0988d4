import fp from 'fastify-plugin';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import sv from '../../locales/sv.json' with { type: 'json' };
import en from '../../locales/en.json' with { type: 'json' };
import fi from '../../locales/fi.json' with { type: 'json' };
import no from '../../locales/no.json' with { type: 'json' };
import { apiPermission, can, type Permission } from '../../schema/access/permissions';
import { ApiError } from './errors';
import { extendMessages } from './messages';

/** What a route needs: an area and action of the matrix (schema/access/permissions.ts). */
export type RoutePermission = Permission;

/** One registered /api route and what it needs; `undefined` = nothing derivable, refused. */
export interface RouteGuard {
  method: string;
  url: string;
  public: boolean;
  permission: RoutePermission | undefined;
}

declare module 'fastify' {
  interface FastifyContextConfig {
    /** What the route needs, when it is not what its path and method say (see apiPermission). */
    permission?: RoutePermission;
  }
  interface FastifyInstance {
    /** Every /api route registered and the permission it was given (for tests and docs). */
    routeGuards: RouteGuard[];
  }
}

// The spec's 'invalid role' text (core.md: "A 403 response sets the message to the 'invalid role'
// text (apiMessages.invalidRole)"), the same words the admin shows.

/** 403 in the contract's shape with the 'invalid role' message in the caller's language. */
export function invalidRole(): ApiError {
  const err = new ApiError(403, 'InvalidRole', '');
  err.messageKey = { key: 'InvalidRole', params: {} };
  return err;
}

/** What a route needs: its own `config.permission`, else what its path and method say. */
function permissionOf(method: string, url: string, config: { permission?: RoutePermission } | undefined): RoutePermission | undefined {
  return config?.permission ?? apiPermission(method, url.slice('/api'.length));
}

/**
 * Records every /api route and its permission as it is registered (register before the areas), so
 * that a test can walk them all; the context plugin calls checkPermission once it knows the caller.
 */
async function permissionsPlugin(app: FastifyInstance): Promise<void> {
  extendMessages({
    InvalidRole: {
      sv: sv.apiMessages.invalidRole,
      en: en.apiMessages.invalidRole,
      fi: fi.apiMessages.invalidRole,
      no: no.apiMessages.invalidRole,
    },
  });
  const guards: RouteGuard[] = [];
  app.decorate('routeGuards', guards);
  app.addHook('onRoute', (route) => {
    if (!route.url.startsWith('/api/')) return;
    for (const method of Array.isArray(route.method) ? route.method : [route.method]) {
      guards.push({ method, url: route.url, public: route.config?.public === true, permission: permissionOf(method, route.url, route.config) });
    }
  });
}

const resolved = new Map<string, RoutePermission | undefined>();

/**
 * Refuses the request with 403 'invalid role' unless the caller's roles allow the route's area and
 * action; a route without a derivable permission is refused (fail closed).
 */
export function checkPermission(request: FastifyRequest, roleIds: readonly number[]): void {
  const url = request.routeOptions.url ?? '';
  const key = `${request.method} ${url}`;
  let need = resolved.get(key);
  if (need === undefined && !resolved.has(key)) {
    need = permissionOf(request.method, url, request.routeOptions.config);
    if (resolved.size < 10_000) resolved.set(key, need);
  }
  if (!need || !can(roleIds, need.area, need.action)) throw invalidRole();
}

export default fp(permissionsPlugin, { name: 'permissions' });
