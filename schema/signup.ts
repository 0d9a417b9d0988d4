/**
 * POST /signup: a new company asks for an account (no sign-in). The answer is the same whether or
 * not the e-mail or the organisation number already has an account: a verification link, or a
 * notice to the existing account, goes out by e-mail.
 */
export interface SignUp {
  /** @minLength 1 @maxLength 200 */
  CompanyName: string;
  /** Checked with the country's rules (SE, DK, FI, NO). @minLength 1 @maxLength 30 */
  OrganisationNumber: string;
  /** SE, DK, FI or NO (as CountryId of the company). */
  CountryId: 'SE' | 'DK' | 'FI' | 'NO';
  /** The first administrator's e-mail; the company's e-mail too. @minLength 3 @maxLength 200 @format email */
  Email: string;
  /** The first administrator's password, with the sign-in's password rules. @minLength 1 @maxLength 200 */
  Password: string;
}

/** What POST /signup answers, whatever happened to the address. */
export interface SignUpResponse {
  /** The address the mail went to (as given). */
  Email: string;
  /** How long the link in the mail works, in hours. */
  LinkValidHours: number;
}

/** POST /signup/verify: the link from the verification mail creates the company and its administrator. */
export interface SignUpVerify {
  /** @minLength 1 @maxLength 200 */
  Token: string;
}

export interface SignUpVerifyResponse {
  /** The administrator's e-mail, to sign in with. */
  Email: string;
  CompanyName: string;
}
