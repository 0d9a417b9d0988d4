import { createContext, useCallback, useContext } from 'react';
import type { AuthUser } from '../../schema/company';
import type { HttpClient } from '../dataProvider/types';
import { resolveTimeZone, toWireDateTime } from '../dataProvider/wire';

export type { AuthUser };

/** Raised when the signed-in account belongs to no company. */
export class NoCompanyError extends Error {
  constructor() {
    super('newAuth.noCompanyId');
    this.name = 'NoCompanyError';
  }
}

/**
 * Loads the signed-in administrator's profile (GET /users); rejects with NoCompanyError without a CompanyId.
 * @example
 * const profile = await loadProfile(httpClient, config.apiUrl);
 */
export async function loadProfile(httpClient: HttpClient, apiUrl: string): Promise<AuthUser> {
  const { json } = await httpClient<AuthUser | { Results?: AuthUser[] }>(`${apiUrl}/users`);
  const user = json && 'Results' in json && Array.isArray(json.Results) ? json.Results[0] : (json as AuthUser | null);
  if (!user || user.CompanyId === null || user.CompanyId === undefined) throw new NoCompanyError();
  return user;
}

export const ProfileContext = createContext<AuthUser | null>(null);

/**
 * The signed-in administrator's profile (null outside the authenticated app).
 * @example
 * const profile = useProfile();
 * const isFree = profile?.Company?.IsFreeAccount;
 */
export function useProfile(): AuthUser | null {
  return useContext(ProfileContext);
}

/** "Firstname Lastname", or the e-mail when the name is empty. */
export function fullNameOf(user: Pick<AuthUser, 'Firstname' | 'Lastname' | 'Email'>): string {
  return `${user.Firstname ?? ''} ${user.Lastname ?? ''}`.trim() || user.Email;
}

/**
 * Now on the company's wall clock as the wire writes it (`yyyy-MM-ddTHH:mm:ss`), in the company's zone
 * whatever the browser's (the browser's zone until the profile is known). Read it when a screen opens.
 * @example
 * const today = useCompanyNow().slice(0, 10);
 */
export function useCompanyNow(): string {
  const zone = useProfile()?.Company?.TimeZone ?? resolveTimeZone();
  return toWireDateTime(new Date(), zone);
}

/**
 * A function answering the company's wall-clock time now (as useCompanyNow), for a component that
 * asks for "now" itself each time it draws, such as the scheduler's current-time line.
 * @example const now = useCompanyClock(); now() // '2026-11-25T09:41:07'
 */
export function useCompanyClock(): () => string {
  const zone = useProfile()?.Company?.TimeZone ?? resolveTimeZone();
  return useCallback(() => toWireDateTime(new Date(), zone), [zone]);
}
