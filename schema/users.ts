import type { Id } from './common';

/** POST /users/logout: ends the session the refresh token belongs to. */
export interface UsersLogout {
  /** @maxLength 200 */
  ClientId?: string;
  /** @maxLength 200 */
  Realm?: string;
  /** The refresh token keycloak-js holds. @maxLength 10000 */
  RefreshToken?: string;
}

/** POST /users/forgotpassword: mails a password reset link when the account exists. */
export interface ForgotPassword {
  /** @minLength 3 @maxLength 200 @format email */
  Email: string;
  /** @maxLength 200 */
  Realm?: string;
}

/** PUT /users/password: the signed-in administrator changes their password. */
export interface ChangePassword {
  /** @minLength 1 @maxLength 200 */
  CurrentPassword: string;
  /** @minLength 8 @maxLength 200 */
  NewPassword: string;
}

/** DELETE /users: an administrator asks for their own account to be deleted (confirmed by e-mail). */
export interface DeleteUser {
  /** The administrator's own e-mail. @maxLength 200 */
  UserName?: string;
  /** @maxLength 200 */
  Realm?: string;
  /** Delete even when this is the company's last administrator. */
  ForceDelete?: boolean;
}

export interface DeleteUserResponse {
  Email: string;
  ConfirmationSent: boolean;
}

/** Path parameters of /users/{id}/... */
export interface UserIdParams {
  /** @minimum 1 @asType integer */
  id: number;
}

/** POST /users/{id}/verify */
export interface VerifyUserResponse {
  Id: Id;
  Email: string;
  EmailVerified: boolean;
  /** True when a verification link was mailed (false when the address was already verified). */
  VerificationSent: boolean;
}

/** Answer of calls that only confirm they were done. */
export interface Acknowledged {
  Success: boolean;
}
