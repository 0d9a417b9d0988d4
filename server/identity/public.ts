/**
 * What the rest of the server may use of identity: the company area's administrators and the seed.
 * Everything else in server/identity is its own business (lint keeps areas and the seed to this file).
 */
export { hashPassword } from './passwords';
export { accountLinks, passwordChanged, requestEmailVerification, sendInvitation, sendPasswordReset, type AccountServices } from './accountActions';
export { findUserById, findUserBySubject } from './accounts';
export { assertPasswordAcceptable } from './messages';
export { endAllSessions } from './revocations';
export { rateLimit } from './rateLimit';
