import { Fragment, useMemo } from 'react';
import { Divider, ListSubheader } from '@mui/material';
import DashboardIcon from '@mui/icons-material/Dashboard';
import LabelIcon from '@mui/icons-material/Label';
import { SCREEN_ICONS } from './screenIcons';
import { Menu as RaMenu, useSidebarState, useTranslate } from 'react-admin';
import { MENU_GROUPS, type MenuGroup, type ShellMenuEntry } from '../common/registry';
import { SCREENS } from './screens';
import { useShell } from './ShellContext';
import { useCanOpen } from '../auth/roles';

/** The spec's screens in sidebar order, used where no declaration or custom page provides the item. */
export const PLATFORM_MENU: ShellMenuEntry[] = SCREENS.filter((s) => s.menu).map((s) => ({
  group: s.menu ?? null,
  label: `shell.screens.${s.key}`,
  to: s.menuPath ?? s.paths[0],
  name: s.key,
  icon: SCREEN_ICONS[s.key],
}));

/**
 * Sidebar items: the platform's order and groups, each replaced by the declaration or custom page with the
 * same path; items the platform does not know are appended to their group (company items to settings).
 * @example
 * groupMenu(PLATFORM_MENU, [{ group: 'services', label: 'resources.services.name', to: '/services' }]);
 */
export function groupMenu(platform: ShellMenuEntry[], provided: ShellMenuEntry[]): { top: ShellMenuEntry[]; groups: [MenuGroup, ShellMenuEntry[]][] } {
  const byPath = new Map(provided.filter((e) => e.group !== null).map((e) => [e.to, e]));
  const merged: ShellMenuEntry[] = platform.map((p) => {
    const own = byPath.get(p.to);
    byPath.delete(p.to);
    return own ? { ...own, group: p.group, icon: own.icon ?? p.icon } : p;
  });
  merged.push(...[...byPath.values()].map((e) => (e.group === 'company' ? { ...e, group: 'settings' as const } : e)));
  return {
    top: merged.filter((e) => e.group === 'top'),
    groups: MENU_GROUPS.map((g) => [g, merged.filter((e) => e.group === g)] as [MenuGroup, ShellMenuEntry[]]).filter(([, items]) => items.length > 0),
  };
}

/** The grouped sidebar: services, schedules, customers, accounting, settings. */
export function Menu() {
  const translate = useTranslate();
  const { menu } = useShell();
  const [open] = useSidebarState();
  const canOpen = useCanOpen();
  const { top, groups } = useMemo(() => {
    const all = groupMenu(PLATFORM_MENU, menu);
    // Only what the signed-in user's roles may use (schema/access/permissions.ts).
    const shown = all.groups.map(([group, items]) => [group, items.filter((e) => canOpen(e.to))] as [MenuGroup, ShellMenuEntry[]]);
    return { top: all.top.filter((e) => canOpen(e.to)), groups: shown.filter(([, items]) => items.length > 0) };
  }, [menu, canOpen]);
  const item = (entry: ShellMenuEntry) => {
    const Icon = entry.icon ?? LabelIcon;
    return <RaMenu.Item key={entry.to} to={entry.to} primaryText={translate(entry.label, { _: entry.label, smart_count: 2 })} leftIcon={<Icon />} />;
  };
  return (
    <RaMenu>
      <RaMenu.Item to="/dashboard" primaryText={translate('shell.screens.dashboard')} leftIcon={<DashboardIcon />} />
      {top.map(item)}
      {groups.map(([group, items]) => (
        <Fragment key={group}>
          {open ? (
            <ListSubheader component="div" sx={{ lineHeight: 2.5, mt: 1, bgcolor: 'background.default', textTransform: 'uppercase', fontSize: 12, letterSpacing: 0.5 }}>
              {translate(`shell.menu.${group}`)}
            </ListSubheader>
          ) : (
            <Divider sx={{ my: 1 }} />
          )}
          {items.map(item)}
        </Fragment>
      ))}
    </RaMenu>
  );
}
