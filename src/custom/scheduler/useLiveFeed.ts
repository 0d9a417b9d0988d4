import { useEffect, useRef } from 'react';
import { useApi } from '../../common/api';

/** One change the server announced (GET /scheduler/events). */
export interface LiveChange {
  BookingId: number;
  Kind: string;
}

/** Wait before reconnecting a stream that ended or failed. */
const RECONNECT_MS = 2000;

/** Splits a server-sent event stream into its events. */
async function readEvents(stream: ReadableStream<Uint8Array>, onEvent: (name: string, data: string) => void): Promise<void> {
  const reader = stream.getReader();
  const decoder = new TextDecoder();
  let buffer = '';
  for (;;) {
    const { done, value } = await reader.read();
    if (done) return;
    buffer += decoder.decode(value, { stream: true });
    let end: number;
    while ((end = buffer.indexOf('\n\n')) >= 0) {
      const block = buffer.slice(0, end);
      buffer = buffer.slice(end + 2);
      const name = /^event: (.*)$/m.exec(block)?.[1];
      const data = /^data: (.*)$/m.exec(block)?.[1];
      if (name) onEvent(name, data ?? '');
    }
  }
}

/**
 * Listens to the company's booking changes while the page is open: `onChange` per change,
 * `onQueue` when a customer joins or leaves the booking queue, `onResync` whenever the stream (re)starts, since changes may have been missed meanwhile. The
 * stream comes back by itself after a network failure or a server restart.
 * @example useLiveFeed((change) => refetchBooking(change.BookingId), () => refetchQueue(), () => refetch());
 */
export function useLiveFeed(onChange: (change: LiveChange) => void, onQueue: () => void, onResync: () => void): void {
  const api = useApi();
  const handlers = useRef({ onChange, onQueue, onResync });
  handlers.current = { onChange, onQueue, onResync };
  useEffect(() => {
    const abort = new AbortController();
    let timer: ReturnType<typeof setTimeout> | undefined;
    let started = false;
    const run = async () => {
      try {
        const stream = await api.stream('/scheduler/events', { signal: abort.signal });
        await readEvents(stream, (name, data) => {
          if (name === 'booking') handlers.current.onChange(JSON.parse(data) as LiveChange);
          else if (name === 'queue') handlers.current.onQueue();
          // The first ready finds the board just loaded; later ones (reconnects) and resync ask for a reload.
          else if ((name === 'ready' && started) || name === 'resync') handlers.current.onResync();
          if (name === 'ready') started = true;
        });
      } catch {
        // Network failure or abort: retried below unless the page closed.
      }
      if (!abort.signal.aborted) timer = setTimeout(() => void run(), RECONNECT_MS);
    };
    void run();
    return () => {
      abort.abort();
      clearTimeout(timer);
    };
  }, [api]);
}
