export { createDataProvider } from './dataProvider';
export { withFieldLabels } from './fieldLabels';
export type { DataProviderOptions } from './dataProvider';
export { createHttpClient } from './httpClient';
export type { HttpClientOptions, TokenSource } from './httpClient';
export { AppEvents } from './events';
export { isTrialActive, setTrialActive, TRIAL_SESSION_KEY } from './trial';
export { buildQuery, toWireDateTime, resolveTimeZone } from './wire';
export type * from './types';
