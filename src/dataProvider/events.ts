import type { CorrelationError, LicenseLimit } from './types';

interface AppEventMap {
  licenseLimit: LicenseLimit;
  correlationError: CorrelationError;
}

export type AppEventName = keyof AppEventMap;

/**
 * The app's event bus between the HTTP client and the shell's modals. One instance is created
 * per app (in App.tsx) and handed to both sides.
 * @example
 * const events = new AppEvents();
 * const stop = events.on('licenseLimit', (limit) => setLimit(limit));
 * events.emit('licenseLimit', { status: 402, Header: 'Limit', Body: '…' });
 * stop();
 */
export class AppEvents {
  private readonly target = new EventTarget();

  emit<K extends AppEventName>(name: K, detail: AppEventMap[K]): void {
    this.target.dispatchEvent(new CustomEvent(name, { detail }));
  }

  on<K extends AppEventName>(name: K, listener: (detail: AppEventMap[K]) => void): () => void {
    const handler = (event: Event) => listener((event as CustomEvent<AppEventMap[K]>).detail);
    this.target.addEventListener(name, handler);
    return () => this.target.removeEventListener(name, handler);
  }
}
