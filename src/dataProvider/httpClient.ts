import { HttpError } from 'react-admin';
import type { AppEvents } from './events';
import type { HttpClient, HttpRequest, HttpResponse, LicenseLimit, WireResponseStatus } from './types';
import { resolveTimeZone, serializeDates, toFormPath } from './wire';

/** What the HTTP client needs from the session; all optional so that public calls work too. */
export interface TokenSource {
  /** A token valid for at least 55 s (refreshes when needed); undefined when logged out. */
  getToken(): Promise<string | undefined>;
  /** Forces a refresh; false when the session could not be refreshed. */
  forceRefresh(): Promise<boolean>;
  /** The token's `sid`. */
  getSessionId(): string | undefined;
}

export interface HttpClientOptions {
  apiKey: string;
  events: AppEvents;
  /** Current interface language (x-language). */
  getLanguage: () => string;
  translate: (key: string) => string;
  auth?: TokenSource;
  getTimeZone?: () => string;
  /** Whether a trial is running, which keeps the license modal silent; default: the server's CurrentTrialPeriod.Active. */
  isTrialActive?: (limit: LicenseLimit) => boolean;
  fetch?: typeof fetch;
}

const CORRELATION_HEADER = 'x-correlation-id';

function isRecord(value: unknown): value is Record<string, unknown> {
  return !!value && typeof value === 'object' && !Array.isArray(value);
}

function responseStatusOf(body: unknown): WireResponseStatus | undefined {
  if (!isRecord(body)) return undefined;
  const rs = body.ResponseStatus ?? body.responseStatus;
  return isRecord(rs) ? (rs as WireResponseStatus) : undefined;
}

function str(value: unknown): string | undefined {
  return typeof value === 'string' && value !== '' ? value : undefined;
}

async function readBody(response: Response): Promise<unknown> {
  const text = await response.text();
  if (!text) return null;
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}

/**
 * Creates the HTTP client every call of the admin goes through: the contract's headers, the token
 * kept fresh, one retry after a forced refresh on 401/403, ResponseStatus turned into an HttpError
 * with field errors, license limits and correlation ids reported on `events`.
 * @example
 * const events = new AppEvents();
 * const httpClient = createHttpClient({ apiKey, events, auth: session, getLanguage: () => i18n.getLocale(), translate: i18n.translate });
 * const { json } = await httpClient('/api/users');
 */
export function createHttpClient(options: HttpClientOptions): HttpClient {
  const { apiKey, events, getLanguage, translate, auth } = options;
  const getTimeZone = options.getTimeZone ?? resolveTimeZone;
  const trialActive = options.isTrialActive ?? ((limit: LicenseLimit) => limit.CurrentTrialPeriod?.Active === true);
  const doFetch = options.fetch ?? ((input: RequestInfo | URL, init?: RequestInit) => fetch(input, init));

  async function send(url: string, request: HttpRequest): Promise<Response> {
    const zone = getTimeZone();
    const headers = new Headers({
      Accept: 'application/json',
      'x-api-key': apiKey,
      'x-language': getLanguage(),
      Timezone: zone,
      ...request.headers,
    });
    let body: BodyInit | undefined;
    if (request.body instanceof FormData) body = request.body;
    else if (request.body !== undefined) {
      headers.set('Content-Type', 'application/json');
      body = JSON.stringify(serializeDates(request.body, zone));
    }
    if (auth) {
      const token = await auth.getToken().catch(() => undefined);
      if (token) headers.set('Authorization', `Bearer ${token}`);
      const sid = auth.getSessionId();
      if (sid) headers.set('X-Session-Id', sid);
    }
    return doFetch(url, { method: request.method ?? 'GET', headers, body, signal: request.signal });
  }

  function fieldErrors(rs: WireResponseStatus | undefined): Record<string, string> {
    const errors: Record<string, string> = {};
    for (const e of rs?.Errors ?? []) {
      if (e.FieldName && e.Message && !(toFormPath(e.FieldName) in errors)) errors[toFormPath(e.FieldName)] = e.Message;
    }
    return errors;
  }

  function licenseLimitOf(status: number, body: unknown, rs: WireResponseStatus | undefined): LicenseLimit {
    const b = isRecord(body) ? body : {};
    return {
      status,
      Header: str(b.Header) ?? translate('shell.licenseLimit.title'),
      Body: str(b.Body) ?? str(rs?.Message) ?? '',
      SuggestedLicenseToUpgrade: b.SuggestedLicenseToUpgrade,
      SuggestedTrialType: b.SuggestedTrialType,
      ...(isRecord(b.CurrentTrialPeriod) ? { CurrentTrialPeriod: { Active: b.CurrentTrialPeriod.Active === true, ValidTo: str(b.CurrentTrialPeriod.ValidTo) ?? null } } : {}),
    };
  }

  const client = async <T,>(url: string, request: HttpRequest = {}): Promise<HttpResponse<T>> => {
    let response = await send(url, request);
    if ((response.status === 401 || response.status === 403) && auth) {
      const refreshed = await auth.forceRefresh().catch(() => false);
      if (refreshed) response = await send(url, request);
      else if (response.status === 401) {
        throw new HttpError(translate('auth.sessionExpired'), 401, { errors: {} });
      }
    }
    if (response.ok && request.responseType === 'stream' && response.body) return { status: response.status, headers: response.headers, json: response.body as T };
    if (response.ok && request.responseType === 'blob') return { status: response.status, headers: response.headers, json: (await response.blob()) as T };
    const body = await readBody(response);
    if (response.ok) return { status: response.status, headers: response.headers, json: body as T };

    const rs = responseStatusOf(body);
    const status = response.status;
    if (status === 403) {
      throw new HttpError(translate('apiMessages.invalidRole'), 403, { errors: {}, ResponseStatus: rs });
    }
    if (status === 402 || status === 426) {
      const limit = licenseLimitOf(status, body, rs);
      if (!trialActive(limit)) events.emit('licenseLimit', limit);
      throw new HttpError(limit.Body || limit.Header, status, { errors: {}, ResponseStatus: rs, licenseLimit: limit });
    }
    const errors = fieldErrors(rs);
    const single = rs?.Errors?.length === 1 ? str(rs.Errors[0].Message) : undefined;
    const message = str(rs?.Message) ?? single ?? translate('errors.unknownError');
    const correlationId = response.headers.get(CORRELATION_HEADER);
    if (correlationId) {
      events.emit('correlationError', {
        correlationId,
        endpoint: `${request.method ?? 'GET'} ${url}`,
        request: request.body instanceof FormData ? '[multipart]' : (request.body ?? null),
        response: body,
        text: message,
      });
    }
    throw new HttpError(message, status, { errors, ResponseStatus: rs });
  };
  return client;
}
