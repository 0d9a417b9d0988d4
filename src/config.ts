/** Runtime configuration served by the API at /config.json, so one build runs against any backend. */
export interface RuntimeConfig {
  apiUrl: string;
  apiKey: string;
  keycloak: { url: string; realm: string; clientId: string };
}

function isRuntimeConfig(value: unknown): value is RuntimeConfig {
  if (!value || typeof value !== 'object') return false;
  const v = value as Record<string, unknown>;
  const kc = v.keycloak as Record<string, unknown> | undefined;
  return (
    typeof v.apiUrl === 'string' &&
    typeof v.apiKey === 'string' &&
    !!kc &&
    typeof kc.url === 'string' &&
    typeof kc.realm === 'string' &&
    typeof kc.clientId === 'string'
  );
}

/**
 * Fetches and checks the runtime configuration.
 * @example
 * const config = await loadConfig();
 * const dataProvider = createDataProvider(config.apiUrl, httpClient, resources);
 */
export async function loadConfig(url = '/config.json'): Promise<RuntimeConfig> {
  const response = await fetch(url, { headers: { Accept: 'application/json' }, cache: 'no-store' });
  if (!response.ok) throw new Error(`GET ${url} answered ${response.status}`);
  const body: unknown = await response.json();
  if (!isRuntimeConfig(body)) throw new Error(`${url} is not a valid runtime configuration`);
  return { ...body, apiUrl: body.apiUrl.replace(/\/$/, '') };
}
