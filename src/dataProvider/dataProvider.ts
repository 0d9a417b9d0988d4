import type { GetListParams, Identifier, RaRecord, SortPayload } from 'react-admin';
import type { BookingDataProvider, CallOptions, HttpClient, HttpMethod, ResourceApi } from './types';
import { buildQuery, resolveTimeZone, withQuery } from './wire';

interface ListEnvelope {
  Offset?: number;
  Total?: number;
  Results?: Record<string, unknown>[];
}

export interface DataProviderOptions {
  /** Zone in which Date values are written (the same the Timezone header names). */
  getTimeZone?: () => string;
}

/**
 * The booking API as a react-admin data provider: list queries with Skip/Take/OrderBy and filters,
 * `{ Offset, Total, Results }` unwrapped, `id` taken from `Id`, one record read as a list query with `Id=`.
 * @example
 * const dataProvider = createDataProvider('/api', httpClient, { services: { path: '/services', readParams: { IncludePrices: true } } });
 * await dataProvider.getList('services', { pagination: { page: 2, perPage: 25 }, sort: { field: 'Name', order: 'DESC' }, filter: { q: 'yoga' } });
 * // GET /api/services?IncludePrices=true&Skip=25&Take=25&OrderBy=-Name&Search=yoga
 * // getList with meta: { fields: ['Id', 'Name'] } adds Fields=Id,Name (only those fields come back)
 */
export function createDataProvider(
  apiUrl: string,
  httpClient: HttpClient,
  resources: Record<string, ResourceApi>,
  options: DataProviderOptions = {},
): BookingDataProvider {
  const zone = options.getTimeZone ?? resolveTimeZone;

  const apiOf = (resource: string): ResourceApi => resources[resource] ?? { path: `/${resource}` };
  const idFieldOf = (api: ResourceApi) => api.idField ?? 'Id';

  const toRecord = <R extends RaRecord>(api: ResourceApi, wire: unknown, fallbackId?: Identifier): R => {
    const obj = wire && typeof wire === 'object' ? (wire as Record<string, unknown>) : {};
    const id = (obj[idFieldOf(api)] ?? obj.id ?? fallbackId) as Identifier;
    return { ...obj, id } as R;
  };

  const filterParams = (api: ResourceApi, filter: Record<string, unknown> = {}): Record<string, unknown> => {
    const out: Record<string, unknown> = {};
    for (const [key, value] of Object.entries(filter)) {
      const name = api.filterMap?.[key] ?? (key === 'q' ? 'Search' : key === 'id' ? idFieldOf(api) : key);
      out[name] = value;
    }
    return { ...out, ...api.permanentFilter };
  };

  const orderBy = (api: ResourceApi, sort?: SortPayload): string | undefined => {
    if (!sort?.field) return undefined;
    const field = sort.field === 'id' ? idFieldOf(api) : sort.field;
    return sort.order === 'DESC' ? `-${field}` : field;
  };

  const url = (api: ResourceApi, suffix: string, params: Record<string, unknown>) =>
    withQuery(apiUrl, `${api.path}${suffix}`, buildQuery(params, zone()));

  const body = (api: ResourceApi, data: unknown): unknown => {
    if (!data || typeof data !== 'object' || Array.isArray(data)) return data;
    const { id, ...rest } = data as Record<string, unknown>;
    const idField = idFieldOf(api);
    return id !== undefined && rest[idField] === undefined ? { ...rest, [idField]: id } : rest;
  };

  const list = async <R extends RaRecord>(api: ResourceApi, params: Record<string, unknown>) => {
    const { json } = await httpClient<ListEnvelope>(url(api, '', { ...api.readParams, ...params }));
    const results = Array.isArray(json?.Results) ? json.Results : [];
    return { data: results.map((r) => toRecord<R>(api, r)), total: json?.Total ?? results.length, offset: json?.Offset };
  };

  const listParams = (api: ResourceApi, params: Pick<GetListParams, 'pagination' | 'sort' | 'filter'>) => {
    const page = params.pagination?.page ?? 1;
    const perPage = params.pagination?.perPage ?? 25;
    return {
      Skip: (page - 1) * perPage,
      Take: perPage,
      OrderBy: orderBy(api, params.sort),
      ...filterParams(api, params.filter),
    };
  };

  const getOne = async <R extends RaRecord>(resource: string, id: Identifier): Promise<R> => {
    const api = apiOf(resource);
    const { data } = await list<R>(api, { ...api.permanentFilter, [idFieldOf(api)]: id });
    if (!data.length) throw new Error('ra.notification.item_doesnt_exist');
    return data[0];
  };

  const write = async <R extends RaRecord>(method: HttpMethod, resource: string, id: Identifier | undefined, data: unknown, previous?: unknown) => {
    const api = apiOf(resource);
    const suffix = id === undefined ? '' : `/${encodeURIComponent(String(id))}`;
    const { json } = await httpClient(url(api, suffix, {}), { method, body: method === 'DELETE' ? undefined : body(api, data) });
    const result = json && typeof json === 'object' ? json : (previous ?? data ?? {});
    return toRecord<R>(api, { ...(method === 'DELETE' ? (previous as object) : {}), ...(result as object) }, id);
  };

  return {
    getList: (resource, params) => {
      const api = apiOf(resource);
      const fields: unknown = params.meta?.fields;
      const only = Array.isArray(fields) && fields.length ? { Fields: fields.join(',') } : {};
      return list(api, { ...listParams(api, params), ...only }).then(({ data, total }) => ({ data, total }));
    },

    getOne: async (resource, params) => ({ data: await getOne(resource, params.id) }),

    getMany: async (resource, params) => {
      const api = apiOf(resource);
      const ids = [...new Set(params.ids)];
      if (!ids.length) return { data: [] };
      if (api.manyIdsParam) {
        const { data } = await list(api, { Take: ids.length, [api.manyIdsParam]: ids, ...api.permanentFilter });
        return { data };
      }
      const records = await Promise.all(ids.map((id) => getOne(resource, id).catch(() => undefined)));
      return { data: records.filter((r): r is NonNullable<typeof r> => r !== undefined) };
    },

    getManyReference: (resource, params) => {
      const api = apiOf(resource);
      return list(api, { ...listParams(api, params), [params.target]: params.id }).then(({ data, total }) => ({ data, total }));
    },

    create: async (resource, params) => ({ data: await write('POST', resource, undefined, params.data) }),

    update: async (resource, params) => ({ data: await write('PUT', resource, params.id, params.data, params.previousData) }),

    updateMany: async (resource, params) => {
      await Promise.all(params.ids.map((id) => write('PUT', resource, id, { ...params.data, id })));
      return { data: params.ids };
    },

    delete: async (resource, params) => ({ data: await write('DELETE', resource, params.id, undefined, params.previousData) }),

    deleteMany: async (resource, params) => {
      await Promise.all(params.ids.map((id) => write('DELETE', resource, id, undefined)));
      return { data: params.ids };
    },

    call: async <T,>(method: HttpMethod, path: string, callOptions: CallOptions = {}): Promise<T> => {
      const { json } = await httpClient<T>(withQuery(apiUrl, path, buildQuery(callOptions.query ?? {}, zone())), {
        method,
        body: callOptions.body,
      });
      return json;
    },

    upload: async <T,>(path: string, formData: FormData): Promise<T> => {
      const { json } = await httpClient<T>(withQuery(apiUrl, path, ''), { method: 'POST', body: formData });
      return json;
    },

    download: async (path: string, downloadOptions: Pick<CallOptions, 'query'> = {}): Promise<Blob> => {
      const { json } = await httpClient<Blob>(withQuery(apiUrl, path, buildQuery(downloadOptions.query ?? {}, zone())), {
        responseType: 'blob',
        headers: { Accept: 'application/pdf, application/octet-stream, application/json' },
      });
      return json;
    },

    stream: async (path: string, { signal }: { signal: AbortSignal }): Promise<ReadableStream<Uint8Array>> => {
      const { json } = await httpClient<ReadableStream<Uint8Array>>(withQuery(apiUrl, path, ''), { responseType: 'stream', signal, headers: { Accept: 'text/event-stream' } });
      return json;
    },
  } as BookingDataProvider;
}
