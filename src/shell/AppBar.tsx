import { forwardRef } from 'react';
import { Button, IconButton, ListItemIcon, ListItemText, ListSubheader, MenuItem, Tooltip, Typography, useMediaQuery, type Theme } from '@mui/material';
import AccountCircleIcon from '@mui/icons-material/AccountCircle';
import LockResetIcon from '@mui/icons-material/LockReset';
import UpgradeIcon from '@mui/icons-material/Upgrade';
import {
  AppBar as RaAppBar,
  LoadingIndicator,
  Logout,
  TitlePortal,
  UserMenu,
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
  return (
    <UserMenu>
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
        sx={{ fontWeight: 600, mr: 2, flex: isSmall ? 1 : 'none', minWidth: 0, fontSize: { xs: '1.05rem', sm: '1.25rem' } }}
      >
        {translate('app.name')}
      </Typography>
      {!isSmall && <TitlePortal />}
    </RaAppBar>
  );
}
