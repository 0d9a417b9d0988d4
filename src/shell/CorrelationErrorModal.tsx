import { Suspense, lazy, useEffect, useState } from 'react';
import type { CorrelationError } from '../dataProvider/types';
import { useShell } from './ShellContext';

/** How long the 'copied' confirmation shows, in ms. */
export const COPIED_MESSAGE_MS = 1500;

const CorrelationErrorDialog = lazy(() => import('./CorrelationErrorDialog').then((m) => ({ default: m.CorrelationErrorDialog })));

/**
 * Collects the errors that came back with a correlation id and lists them in a dialog (loaded when
 * the first one arrives); closing it clears the list.
 */
export function CorrelationErrorModal() {
  const { events, supportEmail } = useShell();
  const [entries, setEntries] = useState<CorrelationError[]>([]);

  useEffect(() => events.on('correlationError', (entry) => setEntries((list) => [...list, entry])), [events]);
  if (!entries.length) return null;
  return (
    <Suspense fallback={null}>
      <CorrelationErrorDialog entries={entries} supportEmail={supportEmail} onClose={() => setEntries([])} />
    </Suspense>
  );
}
