import type { FastifyInstance } from 'fastify';
import { registerSignUpMessages } from './messages';
import signUpRoutes from './signup';

/**
 * The sign-up area: a new company signs up without an account, confirms its e-mail and gets its
 * company and first administrator. (Its first service is made in the admin's /setup-account wizard
 * with the services and schedules calls; sending for approval is the company area's call.)
 * @example await app.register(signUpArea); // inside the /api areas plugin
 */
export default async function signUpArea(app: FastifyInstance): Promise<void> {
  registerSignUpMessages();
  await app.register(signUpRoutes);
}
