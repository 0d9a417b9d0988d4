import { JsonServiceClient, type IRequestInit, type IReturn } from '@servicestack/client';
import type { TimeException } from '../../schema/availability';
import type { Customer } from '../../schema/customers';
import type { Service, ServicePrice } from '../../schema/services';

/**
 * Request DTOs in the style ServiceStack's "Add ServiceStack Reference" generates for TypeScript:
 * classes naming their type and their response, sent with @servicestack/client's JsonServiceClient
 * exactly as a consumer's script would. The client sends a DTO to `/api/{TypeName}`; ROUTES maps
 * each name to the contract's route the way a `[Route]` attribute does on a ServiceStack service.
 */

export class QueryResponse<T> {
  Offset = 0;
  Total = 0;
  Results: T[] = [];
}

abstract class Dto<Response> implements IReturn<Response> {
  constructor(init?: object) {
    Object.assign(this, init);
  }
  abstract getTypeName(): string;
  abstract createResponse(): Response;
}

/** The date fields of the DTOs take JavaScript Dates, as in generated DTOs of a .NET DateTime. */
type DateLike = string | Date;

export class QueryCustomers extends Dto<QueryResponse<Customer>> {
  declare Skip?: number;
  declare Take?: number;
  declare OrderBy?: string;
  declare OrderByDesc?: string;
  declare Search?: string;
  declare Id?: number;
  declare Fields?: string;
  getTypeName = () => 'QueryCustomers';
  createResponse = () => new QueryResponse<Customer>();
}

export class CreateCustomer extends Dto<Customer> {
  declare Firstname?: string;
  declare Lastname?: string;
  declare Email?: string | null;
  declare Phone?: string | null;
  declare SubscribedToNewsletter?: boolean;
  declare CustomFieldValues?: { Id: number; Value: string }[];
  getTypeName = () => 'CreateCustomer';
  createResponse = () => ({}) as Customer;
}

export class UpdateCustomer extends CreateCustomer {
  declare Id: number;
  getTypeName = () => 'UpdateCustomer';
}

export class DeleteCustomer extends Dto<Customer> {
  declare Id: number;
  getTypeName = () => 'DeleteCustomer';
  createResponse = () => ({}) as Customer;
}

export class QueryServices extends Dto<QueryResponse<Service>> {
  declare Skip?: number;
  declare Take?: number;
  declare OrderBy?: string;
  declare Id?: number[];
  declare Fields?: string;
  declare IncludePrices?: boolean;
  declare PriceDate?: DateLike;
  getTypeName = () => 'QueryServices';
  createResponse = () => new QueryResponse<Service>();
}

export class QueryServicePrices extends Dto<QueryResponse<ServicePrice>> {
  declare Id?: number[];
  declare ServiceId?: number[];
  declare Fields?: string;
  getTypeName = () => 'QueryServicePrices';
  createResponse = () => new QueryResponse<ServicePrice>();
}

export class CreateServicePrice extends Dto<ServicePrice> {
  declare ServiceId: number;
  declare Price: number;
  declare VAT: number;
  declare From?: DateLike | null;
  declare To?: DateLike | null;
  declare DaysOfWeek?: number[] | string;
  getTypeName = () => 'CreateServicePrice';
  createResponse = () => ({}) as ServicePrice;
}

export class UpdateServicePrice extends CreateServicePrice {
  declare Id: number;
  getTypeName = () => 'UpdateServicePrice';
}

export class DeleteServicePrice extends Dto<ServicePrice> {
  declare Id: number;
  getTypeName = () => 'DeleteServicePrice';
  createResponse = () => ({}) as ServicePrice;
}

export class QueryTimeExceptions extends Dto<QueryResponse<TimeException>> {
  declare From?: DateLike;
  declare To?: DateLike;
  declare ResourceIds?: number[];
  getTypeName = () => 'QueryTimeExceptions';
  createResponse = () => new QueryResponse<TimeException>();
}

export class CreateTimeException extends Dto<TimeException> {
  declare From: DateLike;
  declare To: DateLike;
  declare ResourceIds?: number[];
  declare ReasonText?: string;
  getTypeName = () => 'CreateTimeException';
  createResponse = () => ({}) as TimeException;
}

/** The contract's route of each DTO, `{Name}` filled from the DTO like ServiceStack's `[Route]`. */
const ROUTES: Record<string, string> = {
  QueryCustomers: '/customers',
  CreateCustomer: '/customers',
  UpdateCustomer: '/customers/{Id}',
  DeleteCustomer: '/customers/{Id}',
  QueryServices: '/services',
  QueryServicePrices: '/services/prices',
  CreateServicePrice: '/services/prices',
  UpdateServicePrice: '/services/prices/{Id}',
  DeleteServicePrice: '/services/prices/{Id}',
  QueryTimeExceptions: '/timeexceptions',
  CreateTimeException: '/timeexceptions',
};

/** Rewrites `/api/{TypeName}?…` to the DTO's route, keeping the query string byte for byte as the client wrote it. */
function routeRequest(request: IRequestInit): void {
  const [path, query = ''] = (request.url ?? '').split('?');
  const slash = path.lastIndexOf('/');
  const template = ROUTES[path.slice(slash + 1)];
  if (!template) return;
  const body: Record<string, unknown> = typeof request.body === 'string' && request.body ? (JSON.parse(request.body) as Record<string, unknown>) : {};
  let pairs = query ? query.split('&') : [];
  const route = template.replace(/\{(\w+)\}/g, (_, name: string) => {
    const pair = pairs.find((p) => p.split('=')[0] === name);
    pairs = pairs.filter((p) => p !== pair);
    return encodeURIComponent(pair ? decodeURIComponent(pair.split('=')[1] ?? '') : String(body[name]));
  });
  request.url = `${path.slice(0, slash)}${route}${pairs.length ? `?${pairs.join('&')}` : ''}`;
}

/**
 * A JsonServiceClient on `baseUrl` (the server's origin) calling the API under /api with a bearer token.
 * @example
 * const client = serviceStackClient('http://127.0.0.1:4000', token);
 * const page = await client.get(new QueryCustomers({ Take: 5 }));
 */
export function serviceStackClient(baseUrl: string, token?: string, language = 'en'): JsonServiceClient {
  const client = new JsonServiceClient(baseUrl);
  if (token) client.bearerToken = token;
  client.headers.set('x-language', language);
  client.requestFilter = routeRequest;
  return client;
}

/** The `ResponseStatus` of what the client threw, as it surfaces it (camelCased). */
export interface ClientError {
  responseStatus: { errorCode: string; message: string; errors?: { errorCode: string; fieldName: string; message: string }[] };
}

/** Awaits a call expected to fail and returns what the client threw. */
export async function failure(call: Promise<unknown>): Promise<ClientError> {
  try {
    await call;
  } catch (error) {
    return error as ClientError;
  }
  throw new Error('the call succeeded');
}
