import { createContext, useContext } from 'react';
import type { AppEvents } from '../dataProvider/events';
import type { ShellMenuEntry } from '../common/registry';

export interface ShellConfig {
  events: AppEvents;
  /** Sidebar items from the resource declarations and custom pages. */
  menu: ShellMenuEntry[];
  /** Route patterns shown without the content frame (spec's plus custom pages'). */
  unpaddedPaths: string[];
  /** The signed-in user's role ids (from the access token), for what the admin shows. */
  roles: () => readonly number[];
  /** Address of the support e-mail template; empty leaves the recipient to the user. */
  supportEmail?: string;
}

export const ShellContext = createContext<ShellConfig | null>(null);

/**
 * The shell's configuration and event bus.
 * @example
 * const { events } = useShell();
 */
export function useShell(): ShellConfig {
  const shell = useContext(ShellContext);
  if (!shell) throw new Error('useShell must be used inside <ShellContext.Provider>');
  return shell;
}
