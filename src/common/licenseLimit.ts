import { useCallback, useEffect } from 'react';
import { useNotify } from 'react-admin';
import type { LicenseLimit } from '../dataProvider/types';
import { isTrialActive, setTrialActive, TRIAL_SESSION_KEY } from '../dataProvider/trial';

export { isTrialActive, setTrialActive, TRIAL_SESSION_KEY };

/**
 * How the page on screen changes the license modal (spec core.md §8: some pages override the
 * texts — the booking-settings follow-up message, newsletter send, the scheduler — and on the
 * scheduler the modal is suppressed while the session's trial flag is set).
 */
export interface LicenseLimitPage {
  /** Texts shown instead of the server's Header and Body (already translated). */
  Header?: string;
  Body?: string;
  /** Suppress the modal while this browser session has started a trial (the scheduler). */
  suppressDuringSessionTrial?: boolean;
}

const pages: LicenseLimitPage[] = [];

/**
 * Declares, while the calling component is mounted, how the license modal behaves on its page.
 * @example
 * // in the scheduler page
 * useLicenseLimitPage({ suppressDuringSessionTrial: true });
 * // in the newsletter send dialog
 * useLicenseLimitPage({ Header: translate('newsletters.limit.header'), Body: translate('newsletters.limit.body') });
 */
export function useLicenseLimitPage(page: LicenseLimitPage): void {
  const { Header, Body, suppressDuringSessionTrial } = page;
  useEffect(() => {
    const entry = { Header, Body, suppressDuringSessionTrial };
    pages.push(entry);
    return () => {
      pages.splice(pages.indexOf(entry), 1);
    };
  }, [Header, Body, suppressDuringSessionTrial]);
}

/** The innermost page's settings (the last one mounted), if any. */
export function currentLicenseLimitPage(): LicenseLimitPage | undefined {
  return pages[pages.length - 1];
}

/**
 * What the license modal shows for a limit on the current page, or null when it stays shut: the
 * server says a trial is running (silent), or the page suppresses it while the session's trial flag is set.
 * @example
 * const shown = licenseLimitToShow(limit, currentLicenseLimitPage(), isTrialActive());
 */
export function licenseLimitToShow(limit: LicenseLimit, page: LicenseLimitPage | undefined, sessionTrial: boolean): LicenseLimit | null {
  if (limit.CurrentTrialPeriod?.Active) return null;
  if (page?.suppressDuringSessionTrial && sessionTrial) return null;
  return { ...limit, Header: page?.Header ?? limit.Header, Body: page?.Body ?? limit.Body };
}

/**
 * Whether a failed call was a plan limit (402/426): the license modal already shows it (the HTTP
 * client opened it), so a form neither notifies it nor sets form errors (spec core.md §8).
 * @example if (isLicenseLimitError(error)) return;
 */
export function isLicenseLimitError(error: unknown): boolean {
  if (typeof error !== 'object' || error === null) return false;
  const body = 'body' in error && typeof error.body === 'object' && error.body !== null ? error.body : {};
  if ('licenseLimit' in body && body.licenseLimit) return true;
  const status = 'status' in error ? error.status : undefined;
  return status === 402 || status === 426;
}

/**
 * react-admin's save failure notification (the server's message, none when the field errors show
 * under the inputs), silent for a plan limit: pass it as `mutationOptions.onError` of Create/Edit.
 * @example
 * const onError = useSaveErrorNotify();
 * <Create mutationOptions={{ onError }}>…</Create>
 */
export function useSaveErrorNotify(): (error: unknown) => void {
  const notify = useNotify();
  return useCallback(
    (error: unknown) => {
      if (isLicenseLimitError(error)) return;
      const e = typeof error === 'object' && error !== null ? (error as { message?: unknown; body?: { errors?: Record<string, unknown> } }) : undefined;
      if (e?.body?.errors && Object.keys(e.body.errors).length > 0) return;
      const message = typeof error === 'string' ? error : typeof e?.message === 'string' && e.message ? e.message : 'ra.notification.http_error';
      notify(message, { type: 'error', messageArgs: { _: message } });
    },
    [notify],
  );
}
