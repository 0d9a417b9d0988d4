import type { ComponentType, ReactElement } from 'react';

/** Sidebar groups of spec core.md §2, in sidebar order ('top' items sit above them, ungrouped). */
export type MenuGroup = 'services' | 'schedules' | 'customers' | 'accounting' | 'settings';

export const MENU_GROUPS: readonly MenuGroup[] = ['services', 'schedules', 'customers', 'accounting', 'settings'];

/** One sidebar item, as src/registry.ts derives it from an entity or page entry; `label` is a message key. */
export interface ShellMenuEntry {
  group: MenuGroup | 'top';
  label: string;
  to: string;
  icon?: ComponentType;
  name?: string;
  /** Area of the permission matrix (schema/access/permissions.ts); default: the area of `to`. */
  area?: string;
  /** Hidden from whoever may read this area (who reaches the same screen through another item). */
  unlessArea?: string;
  /** A hook saying whether the item shows now (e.g. "Get started" while a new company has steps left); default always. */
  useVisible?: () => boolean;
}

/** Where a page sits in the sidebar. */
export interface MenuSpec {
  group: MenuGroup | 'top';
  /** Message key of the item. */
  label: string;
  icon: ComponentType;
  area?: string;
  unlessArea?: string;
  /** A hook saying whether the item shows now; default always (see ShellMenuEntry). */
  useVisible?: () => boolean;
}

/**
 * A hand-built page as its folder's index.ts declares it (src/custom/<page>/index.ts); the registry
 * turns `load` into a lazy route element and `menu` into a sidebar item.
 * @example
 * export const companyPages: PageEntry[] = [
 *   { path: '/company', load: () => import('./CompanyPage'), menu: { group: 'settings', label: 'custom.company.menu', icon: BusinessIcon } },
 * ];
 */
export interface PageEntry {
  path: string;
  /** The page's module; its default export is the page. */
  load: () => Promise<{ default: ComponentType }>;
  menu?: MenuSpec;
  /** Rendered outside the layout (no sidebar, no top bar). */
  noLayout?: boolean;
  /** Rendered without the 1400 px / 20 px content frame. */
  unpadded?: boolean;
  /** Open to visitors who are not signed in (sign-up): rendered alone, before any sign-in. */
  public?: boolean;
}

/** A page as the shell routes it: path and element. */
export interface CustomPage {
  path: string;
  element: ReactElement;
  noLayout?: boolean;
  unpadded?: boolean;
}
