import { forwardRef } from 'react';
import { Box, Button, ListItemIcon, ListItemText, ListSubheader, MenuItem, Typography, useMediaQuery, type Theme } from '@mui/material';
import AccountCircleIcon from '@mui/icons-material/AccountCircle';
import LockResetIcon from '@mui/icons-material/LockReset';
import UpgradeIcon from '@mui/icons-material/Upgrade';
import {
  AppBar as RaAppBar,
  LoadingIndicator,
  LocalesMenuButton,
  Logout,
  TitlePortal,
  UserMenu,
  useTranslate,
  useUserMenu,
  type AppBarProps,
} from 'react-admin';
import { Link as RouterLink } from 'react-router-dom';
import { useProfile } from '../auth/profile';
import { LANGUAGE_NAMES } from '../i18n/languages';

/** Language switch order of the spec: sv, no, fi, en. */
const SWITCH_LANGUAGES = (['sv', 'no', 'fi', 'en'] as const).map((locale) => ({ locale, name: LANGUAGE_NAMES[locale] }));

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
  return (
    <>
      {profile?.Company?.IsFreeAccount && (
        <Button
          component={RouterLink}
          to="/licenses"
          variant="contained"
          color="primary"
          size="small"
          startIcon={isXSmall ? undefined : <UpgradeIcon />}
          sx={{ mx: 1, whiteSpace: 'nowrap' }}
        >
          {translate('shell.appBar.upgrade')}
        </Button>
      )}
      <LocalesMenuButton languages={SWITCH_LANGUAGES} />
      <LoadingIndicator />
    </>
  );
}

/** Top bar: product name, page title, Upgrade (free accounts), language switch and user menu. */
export function AppBar(props: AppBarProps) {
  const translate = useTranslate();
  const isSmall = useMediaQuery<Theme>((theme) => theme.breakpoints.down('md'));
  return (
    <RaAppBar {...props} toolbar={<Toolbar />} userMenu={<ShellUserMenu />}>
      <Typography variant="h6" component="span" sx={{ fontWeight: 600, whiteSpace: 'nowrap', mr: 2 }}>
        {translate('app.name')}
      </Typography>
      {isSmall ? <Box sx={{ flex: 1 }} /> : <TitlePortal />}
    </RaAppBar>
  );
}
