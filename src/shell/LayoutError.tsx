import type { ErrorInfo } from 'react';
import { AppLoadFailure } from './AppLoadFailure';
import { ErrorLoadingData } from './ErrorLoadingData';
import { useShell } from './ShellContext';

/** A failed dynamic import (a lazy page whose chunk did not load). */
export function isChunkLoadError(error: unknown): boolean {
  const message = error instanceof Error ? `${error.name} ${error.message}` : String(error);
  return /ChunkLoadError|Failed to fetch dynamically imported module|Importing a module script failed|error loading dynamically imported module/i.test(message);
}

export interface LayoutErrorProps {
  error?: Error;
  errorInfo?: ErrorInfo;
  resetErrorBoundary?: (...args: unknown[]) => void;
}

/** What the shell shows when a screen throws: a chunk that failed to load blocks with the load-failure page; anything else offers reload. */
export function LayoutError({ error }: LayoutErrorProps) {
  const { supportEmail } = useShell();
  if (isChunkLoadError(error)) return <AppLoadFailure supportEmail={supportEmail} detail={error?.message} />;
  return <ErrorLoadingData />;
}
