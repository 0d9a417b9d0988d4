import type { PageEntry } from '../../common/registry';

/** Sign-up, open to visitors without an account: the form, and the page the mailed link opens. */
export const signUpPages: PageEntry[] = [
  { path: '/signup', load: () => import('./SignUpPage'), public: true },
  { path: '/signup/verify', load: () => import('./VerifySignUpPage'), public: true },
];
