import { forwardRef } from 'react';
import { Box, Button, CircularProgress, IconButton, ListItemIcon, ListItemText, ListSubheader, MenuItem, Tooltip, Typography, useMediaQuery, type Theme } from '@mui/material';
import AccountCircleIcon from '@mui/icons-material/AccountCircle';
import LockResetIcon from '@mui/icons-material/LockReset';
import UpgradeIcon from '@mui/icons-material/Upgrade';
import {
  AppBar as RaAppBar,
  Logout,
  RefreshIconButton,
  UserMenu,
  useGetIdentity,
  useLoading,
  useTranslate,
  useUserMenu,
  type AppBarProps,
} from 'react-admin';
import { Link as RouterLink } from 'react-router-dom';
import { useCan } from '../auth/roles';
import { useProfile } from '../auth/profile';
import { LanguageSwitch } from './LanguageSwitch';

const UserMenuLink = forwardRef<HTMLAnchorElement, { to: string; label: string; icon: React.ReactNode }>(function UserMenuLink({ to, label, icon }, ref) {
  const userMenu = useUserMenu();
  return (
    <MenuItem ref={ref} component={RouterLink} to={to} onClick={() => userMenu?.onClose()}>
      <ListItemIcon>{icon}</ListItemIcon>
      <ListItemText>{label}</ListItemText>
    </MenuItem>
  );
});

function ShellUserMenu() {
  const translate = useTranslate();
  const profile = useProfile();
  const { identity } = useGetIdentity();
  // The button shows the user's name: its accessible name starts with it (WCAG 2.5.3, label in name).
  const label = identity?.fullName ? translate('shell.userMenu.label', { name: identity.fullName }) : 'ra.auth.user_menu';
  return (
    <UserMenu label={label}>
      {profile?.Company?.Name && (
        <ListSubheader component="div" sx={{ lineHeight: 2.5, fontWeight: 600 }}>
          {profile.Company.Name}
        </ListSubheader>
      )}
      <UserMenuLink to="/account" label={translate('shell.userMenu.myAccount')} icon={<AccountCircleIcon fontSize="small" />} />
      <UserMenuLink to="/change-password" label={translate('shell.userMenu.changePassword')} icon={<LockResetIcon fontSize="small" />} />
      <Logout />
    </UserMenu>
  );
}

/** react-admin's refresh button and loading spinner, the spinner named for screen readers. */
function LoadingIndicator() {
  const translate = useTranslate();
  const loading = useLoading();
  return (
    <Box sx={{ position: 'relative' }}>
      <RefreshIconButton sx={loading ? { opacity: 0 } : undefined} />
      {loading && (
        <CircularProgress aria-label={translate('ra.page.loading')} color="inherit" size={16} thickness={6} sx={{ position: 'absolute', top: '30%', left: '30%' }} />
      )}
    </Box>
  );
}

/**
 * Where each screen's <Title> appears (react-admin portals into #react-admin-title): the screen's one
 * level-one heading. Shown beside the product name from the medium breakpoint; below it, in its place
 * (the bar has room for one name, and a record's page is known by its record's name).
 */
function ScreenTitle() {
  return (
    <Typography
      id="react-admin-title"
      component="h1"
      variant="h6"
      color="inherit"
      sx={{ flex: 1, minWidth: 0, textOverflow: 'ellipsis', whiteSpace: 'nowrap', overflow: 'hidden', fontSize: { xs: '1.05rem', sm: '1.25rem' }, '&:empty': { display: 'none' } }}
    />
  );
}

function Toolbar() {
  const translate = useTranslate();
  const profile = useProfile();
  const isXSmall = useMediaQuery<Theme>((theme) => theme.breakpoints.down('sm'));
  const mayUpgrade = useCan('billing', 'write');
  return (
    <>
      {profile?.Company?.IsFreeAccount && mayUpgrade &&
        (isXSmall ? (
          <Tooltip title={translate('shell.appBar.upgrade')}>
            <IconButton component={RouterLink} to="/licenses" color="inherit" aria-label={translate('shell.appBar.upgrade')}>
              <UpgradeIcon />
            </IconButton>
          </Tooltip>
        ) : (
          <Button component={RouterLink} to="/licenses" variant="contained" color="primary" size="small" startIcon={<UpgradeIcon />} sx={{ mx: 1, whiteSpace: 'nowrap' }}>
            {translate('shell.appBar.upgrade')}
          </Button>
        ))}
      <LanguageSwitch />
      {!isXSmall && <LoadingIndicator />}
    </>
  );
}

/** Top bar: product name, page title, Upgrade (free accounts), language switch and user menu. */
export function AppBar(props: AppBarProps) {
  const translate = useTranslate();
  const isSmall = useMediaQuery<Theme>((theme) => theme.breakpoints.down('md'));
  return (
    <RaAppBar {...props} toolbar={<Toolbar />} userMenu={<ShellUserMenu />}>
      <Typography
        variant="h6"
        component="span"
        noWrap
        sx={{
          fontWeight: 600,
          mr: 2,
          flex: isSmall ? 1 : 'none',
          minWidth: 0,
          fontSize: { xs: '1.05rem', sm: '1.25rem' },
          // On a narrow screen the bar has room for one name: the screen's title (a service's name on its page) when it has one.
          ...(isSmall ? { '&:has(+ #react-admin-title:not(:empty))': { display: 'none' } } : {}),
        }}
      >
        {translate('app.name')}
      </Typography>
      <ScreenTitle />
    </RaAppBar>
  );
}
