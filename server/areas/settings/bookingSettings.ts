import type { FastifyInstance, FastifyRequest } from 'fastify';
import { ref } from '../../shared/schemas';

/** The request headers a forwarded call keeps: who asks, in which language and zone. */
const FORWARDED = ['authorization', 'x-language', 'timezone', 'x-session-id', 'x-api-key', 'x-forwarded-for'] as const;

/**
 * GET, PUT /settings, the spec's call for the booking settings (areas.md §7 "Settings"). The booking
 * settings are the bookings area's (GET, PUT /bookings/settings: their rules, plan limits and kept
 * answers live there), so this call asks that one on the caller's behalf instead of being a second
 * implementation: the same answer, the same errors, the same checks.
 */
export default async function bookingSettings(app: FastifyInstance): Promise<void> {
  const forward = async (request: FastifyRequest, reply: import('fastify').FastifyReply, method: 'GET' | 'PUT') => {
    const headers: Record<string, string> = {};
    for (const name of FORWARDED) {
      const value = request.headers[name];
      if (typeof value === 'string') headers[name] = value;
    }
    const res = await app.inject({ method, url: '/api/bookings/settings', headers, ...(method === 'PUT' ? { payload: request.body as object } : {}) });
    if (res.statusCode === 200) return res.json() as object;
    return reply.code(res.statusCode).type(res.headers['content-type']?.toString() ?? 'application/json').send(res.body);
  };
  app.get('/settings', { schema: { response: { 200: ref('BookingSettings') } } }, (request, reply) => forward(request, reply, 'GET'));
  app.put('/settings', { schema: { body: ref('BookingSettingsInput'), response: { 200: ref('BookingSettings') } } }, (request, reply) => forward(request, reply, 'PUT'));
}
