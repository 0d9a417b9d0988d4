/**
 * Reviews (issue 36, spec core.md /reviews): the customer's rating (1–5) and comment after a booking
 * has taken place, given on a public page (answer.ts) that the review request links to (message type
 * 9, sent by messages when the company switches review requests on; the link is signed,
 * server/shared/reviewLinks.ts); the company's list with filters, the averages per service and
 * resource, and hiding a review with a reason (reviews.ts). Who may use it: the bookings area of the
 * permission matrix, as the /reviews screen.
 */
import type { FastifyInstance } from 'fastify';
import { registerAnswerRoutes } from './answer';
import { catalogue } from './messages';
import { registerReviewRoutes } from './reviews';

export default async function reviewsArea(app: FastifyInstance): Promise<void> {
  catalogue.register();
  registerReviewRoutes(app);
  registerAnswerRoutes(app);
}
