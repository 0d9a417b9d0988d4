import type { ReactNode } from 'react';
import { useWatch } from 'react-hook-form';

/** Shows its children only for the flexible duration types (2 slider, 3 dropdown). */
export function FlexibleOnly({ children }: { children: ReactNode }) {
  const type = useWatch({ name: 'DurationTypeId' }) as unknown;
  return type === 2 || type === 3 ? <>{children}</> : null;
}
