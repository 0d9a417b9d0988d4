import { Fragment, useMemo, type ReactElement } from 'react';
import { Divider, ListSubheader } from '@mui/material';
import DashboardIcon from '@mui/icons-material/Dashboard';
import LabelIcon from '@mui/icons-material/Label';
import { Menu as RaMenu, useSidebarState, useTranslate } from 'react-admin';
import { MENU_GROUPS, type MenuGroup, type ShellMenuEntry } from '../common/registry';
import { useShell } from './ShellContext';
import { useCanRead } from '../auth/roles';
import { screenArea } from '../../schema/access/permissions';

/**
 * Sidebar items by group: the ungrouped 'top' items, then each group of MENU_GROUPS that has items,
 * each in the order given (the registry's).
 * @example
 * groupMenu([{ group: 'services', label: 'resources.services.name', to: '/services' }]);
 */
export function groupMenu(entries: readonly ShellMenuEntry[]): { top: ShellMenuEntry[]; groups: [MenuGroup, ShellMenuEntry[]][] } {
  return {
    top: entries.filter((e) => e.group === 'top'),
    groups: MENU_GROUPS.map((g) => [g, entries.filter((e) => e.group === g)] as [MenuGroup, ShellMenuEntry[]]).filter(([, items]) => items.length > 0),
  };
}

/** An item whose entry decides by a hook whether it shows now ("Get started" while a new company has steps left). */
function ShownWhen({ useVisible, children }: { useVisible: () => boolean; children: ReactElement }) {
  return useVisible() ? children : null;
}

/** An open sidebar's long labels wrap instead of ending in an ellipsis ("Promo codes and value cards"). */
const WRAP = { '& .MuiTypography-root': { whiteSpace: 'normal' } } as const;

/** The grouped sidebar (services, schedules, customers, accounting, settings): the registry's items the signed-in roles may use. */
export function Menu() {
  const translate = useTranslate();
  const { menu } = useShell();
  const [open] = useSidebarState();
  const canRead = useCanRead();
  const { top, groups } = useMemo(
    // Only what the signed-in user's roles may use (schema/access/permissions.ts).
    () => groupMenu(menu.filter((e) => canRead(e.area ?? screenArea(e.to)) && !(e.unlessArea && canRead(e.unlessArea)))),
    [menu, canRead],
  );
  const item = (entry: ShellMenuEntry) => {
    const Icon = entry.icon ?? LabelIcon;
    const element = <RaMenu.Item key={entry.to} to={entry.to} primaryText={translate(entry.label, { _: entry.label, smart_count: 2 })} leftIcon={<Icon />} sx={open ? WRAP : undefined} />;
    return entry.useVisible ? (
      <ShownWhen key={entry.to} useVisible={entry.useVisible}>
        {element}
      </ShownWhen>
    ) : (
      element
    );
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
