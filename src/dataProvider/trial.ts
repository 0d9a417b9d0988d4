/** sessionStorage key where the license area records that a trial is running. */
export const TRIAL_SESSION_KEY = 'trialActive';

/**
 * Whether a trial is active in this browser session (the license area sets it when a trial starts).
 * @example
 * if (!isTrialActive()) events.emit('licenseLimit', limit);
 */
export function isTrialActive(storage: Pick<Storage, 'getItem'> = sessionStorage): boolean {
  return storage.getItem(TRIAL_SESSION_KEY) === 'true';
}

/**
 * Records (or clears) the running trial for this browser session.
 * @example
 * setTrialActive(true);
 */
export function setTrialActive(active: boolean, storage: Pick<Storage, 'setItem' | 'removeItem'> = sessionStorage): void {
  if (active) storage.setItem(TRIAL_SESSION_KEY, 'true');
  else storage.removeItem(TRIAL_SESSION_KEY);
}
