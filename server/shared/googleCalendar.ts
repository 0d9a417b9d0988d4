/** What the sync area and the embedded Google (server/sandboxes/google) both know: where the sandbox lives. */
export const GOOGLE_SANDBOX_PATH = '/google-sandbox';

/** The embedded Google's client id for this install (any id is accepted by the sandbox). */
export const GOOGLE_CLIENT_ID = process.env.GOOGLE_CLIENT_ID ?? 'booking-admin.apps.googleusercontent.com';
