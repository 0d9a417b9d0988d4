/** The outbox kind that delivers one message log entry. */
export const MESSAGE_KIND = 'message';
/** The outbox kind the bookings area may add for a payment request ({ bookingId }). */
export const PAYMENT_REQUEST_KIND = 'payment_request';
