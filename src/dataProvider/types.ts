import type { DataProvider } from 'react-admin';

/** How one react-admin resource maps onto the booking API. */
export interface ResourceApi {
  /** API path under apiUrl, e.g. '/services' or '/services/prices'. */
  path: string;
  /** Extra query parameters on every read (getList/getOne/getMany), e.g. { IncludePrices: true }. */
  readParams?: Record<string, string | number | boolean>;
  /** react-admin filter key → API query parameter, when they differ (e.g. q → Search). Default: same name; 'q' → 'Search'. */
  filterMap?: Record<string, string>;
  /** Field holding the primary key on the wire; default 'Id'. */
  idField?: string;
  /** Fixed filters always sent, e.g. { Visible: false } for /customers/inactive. */
  permanentFilter?: Record<string, unknown>;
  /**
   * When the API accepts several ids in one list query (repeated parameter), its name; getMany then
   * makes one call. Without it getMany reads each record with `Id=`.
   */
  manyIdsParam?: string;
}

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'DELETE';

export interface HttpRequest {
  method?: HttpMethod;
  /** JSON-serialisable body, or FormData for multipart uploads. */
  body?: unknown;
  headers?: Record<string, string>;
  /** 'blob' for files (PDF reports): a successful answer is handed back as a Blob; 'stream': its body as it arrives (server-sent events). */
  responseType?: 'json' | 'blob' | 'stream';
  /** Ends the call (a stream that is no longer read). */
  signal?: AbortSignal;
}

export interface HttpResponse<T = unknown> {
  status: number;
  headers: Headers;
  json: T;
}

/** Sends one call with the contract's headers and turns failures into react-admin HttpErrors. */
export type HttpClient = <T = unknown>(url: string, request?: HttpRequest) => Promise<HttpResponse<T>>;

export interface CallOptions {
  query?: Record<string, unknown>;
  body?: unknown;
}

/** The react-admin DataProvider plus the custom methods for calls that are not plain CRUD. */
export interface BookingDataProvider extends DataProvider {
  call<T = unknown>(method: HttpMethod, path: string, options?: CallOptions): Promise<T>;
  upload<T = unknown>(path: string, formData: FormData): Promise<T>;
  /** GET a file (e.g. a PDF report) with the contract's headers; failures are HttpErrors like any call. */
  download(path: string, options?: Pick<CallOptions, 'query'>): Promise<Blob>;
  /** GET a stream (server-sent events) with the contract's headers: its body as it arrives, until `signal` aborts. */
  stream(path: string, options: { signal: AbortSignal }): Promise<ReadableStream<Uint8Array>>;
}

/** One field error inside a ResponseStatus. */
export interface WireResponseError {
  ErrorCode?: string;
  FieldName?: string;
  Message?: string;
}

export interface WireResponseStatus {
  ErrorCode?: string;
  Message?: string;
  Errors?: WireResponseError[];
}

/** License/trial limit details a 402 or 426 carries. */
export interface LicenseLimit {
  status: number;
  Header: string;
  Body: string;
  SuggestedLicenseToUpgrade?: unknown;
  SuggestedTrialType?: unknown;
  /** The server's word on a running trial (the modal is silent while one is active). */
  CurrentTrialPeriod?: { Active: boolean; ValidTo?: string | null } | null;
}

/** One entry of the correlation error list. */
export interface CorrelationError {
  correlationId: string;
  endpoint: string;
  request: unknown;
  response: unknown;
  text: string;
}
