import type { Db } from '../db/db';
import type { Lang } from './messages';
import { linkSigner, verifyLink } from './signedLinks';

/** The company_secrets key that signs review links. */
const SECRET = 'review_link';

/**
 * The customer's link to review one booking (messages put it in the review request, `{{ Booking.ReviewLink }}`;
 * the reviews area serves the page): `<publicUrl>/api/reviews/answer/<company>.<booking>.<signature>?lang=<lang>`.
 * @example await reviewLink(db, 1, 42, 'https://booking.example.com', 'sv') // 'https://booking.example.com/api/reviews/answer/1.42.Vb3…?lang=sv'
 */
export async function reviewLink(db: Db, companyId: number, bookingId: number, publicUrl: string, lang: Lang): Promise<string> {
  const token = await linkSigner(db, companyId, SECRET);
  return `${publicUrl}/api/reviews/answer/${token(bookingId)}?lang=${lang}`;
}

/** The company and booking a review link's token names, when its signature holds (null otherwise). */
export async function verifyReviewToken(db: Db, token: string): Promise<{ companyId: number; bookingId: number } | null> {
  const link = await verifyLink(db, SECRET, token);
  return link && { companyId: link.companyId, bookingId: link.id };
}
