import type { ClientErrorReport } from '../../schema/company';

/** Turns an uncaught error or rejection into the client error report of POST /errors. */
export function toClientErrorReport(reason: unknown, url: string, userAgent: string): ClientErrorReport {
  const error = reason instanceof Error ? reason : undefined;
  return {
    ExceptionName: (error?.name || 'Error').slice(0, 500),
    InnerExceptionName: userAgent.slice(0, 1000),
    ExceptionMessage: (error?.message ?? (typeof reason === 'string' ? reason : JSON.stringify(reason) ?? 'Unknown error')).slice(0, 10000),
    URL: url.slice(0, 2000),
    StackTrace: (error?.stack ?? '').slice(0, 50000),
  };
}

/**
 * Reports uncaught browser errors (window error, unhandledrejection) with `send`; returns the uninstaller.
 * A failing report is dropped, never reported again.
 * @example
 * const stop = installClientErrorReporter((report) => dataProvider.call('POST', '/errors', { body: report }));
 */
export function installClientErrorReporter(send: (report: ClientErrorReport) => Promise<unknown>, target: Window = window): () => void {
  const report = (reason: unknown) => {
    void send(toClientErrorReport(reason, target.location.href, target.navigator.userAgent)).catch(() => undefined);
  };
  const onError = (event: ErrorEvent) => report(event.error ?? event.message);
  const onRejection = (event: PromiseRejectionEvent) => report(event.reason);
  target.addEventListener('error', onError);
  target.addEventListener('unhandledrejection', onRejection);
  return () => {
    target.removeEventListener('error', onError);
    target.removeEventListener('unhandledrejection', onRejection);
  };
}
