import type { PageEntry } from '../../common/registry';

/**
 * Sign-up, open to visitors without an account: the form, the page the mailed link opens, and,
 * without a mail server, the page that shows the sign-up's own mail.
 */
export const signUpPages: PageEntry[] = [
  { path: '/signup', load: () => import('./SignUpPage'), public: true },
  { path: '/signup/verify', load: () => import('./VerifySignUpPage'), public: true },
  { path: '/signup/mail', load: () => import('./MailboxPage'), public: true },
];
