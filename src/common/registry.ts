import type { ComponentType } from 'react';

/** Sidebar groups of spec core.md §2 (plus company). */
export type MenuGroup = 'services' | 'schedules' | 'customers' | 'accounting' | 'settings' | 'company';

export const MENU_GROUPS: readonly MenuGroup[] = ['services', 'schedules', 'customers', 'accounting', 'settings', 'company'];

/** One sidebar item; `label` is a message key (or plain text). */
export interface ShellMenuEntry {
  group: MenuGroup | 'top' | null;
  label: string;
  to: string;
  icon?: ComponentType;
  name?: string;
}

/** What the pages engineer's src/custom/index.ts exports per page. */
export interface CustomPage {
  path: string;
  element: import('react').ReactElement;
  group?: MenuGroup;
  label?: string;
  icon?: ComponentType;
  noLayout?: boolean;
  unpadded?: boolean;
}
