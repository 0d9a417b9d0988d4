import { useState, type ReactNode } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Alert, Avatar, Box, Button as MuiButton, Card, CardContent, CardHeader, Chip, Divider, Stack, Typography } from '@mui/material';
import LockIcon from '@mui/icons-material/LockReset';
import EditIcon from '@mui/icons-material/Edit';
import MailIcon from '@mui/icons-material/MarkEmailRead';
import DeleteIcon from '@mui/icons-material/DeleteForever';
import VerifiedIcon from '@mui/icons-material/Verified';
import { Button, Confirm, Link, Loading, useNotify, useTranslate } from 'react-admin';
import type { AuthUser } from '../../../schema/company';
import type { DeleteUser, VerifyUserResponse } from '../../../schema/users';
import type { QueryResponse } from '../../../schema/common';
import { loadConfig } from '../../config';
import { apiErrorInfo, resultsOf, useApi } from '../../common/api';
import { NarrowPage, PageHeading } from '../../common/PageHeading';
import { Subscriptions } from './Subscriptions';

/** What POST /users/{id}/verify answered: the address was already verified, or a link was mailed. */
type Verification = 'verified' | 'sent';

const PROFILE_QUERY_KEY = ['custom', 'account', 'profile'] as const;

/** Realm of the admin users, from the runtime config; 'booking-admin' when the config cannot be read. */
async function adminRealm(): Promise<string> {
  try {
    return (await loadConfig()).keycloak.realm;
  } catch {
    return 'booking-admin';
  }
}

function Row({ label, children }: { label: string; children: ReactNode }) {
  const translate = useTranslate();
  return (
    <Stack direction={{ xs: 'column', sm: 'row' }} spacing={{ xs: 0, sm: 2 }} sx={{ py: 1 }}>
      <Typography variant="body2" color="text.secondary" sx={{ minWidth: { sm: 180 } }}>
        {translate(label)}
      </Typography>
      <Typography variant="body2" component="div">
        {children}
      </Typography>
    </Stack>
  );
}

/**
 * /account: the signed-in administrator's profile, e-mail verification (only offered while the
 * address is not verified) and account deletion.
 */
export default function AccountPage() {
  const translate = useTranslate();
  const notify = useNotify();
  const api = useApi();
  const { data: user, isPending, error } = useQuery({
    queryKey: PROFILE_QUERY_KEY,
    queryFn: async () => resultsOf(await api.call<QueryResponse<AuthUser> | AuthUser>('GET', '/users'))[0] ?? null,
  });
  const [verification, setVerification] = useState<Verification | null>(null);
  const [confirmDelete, setConfirmDelete] = useState<'ask' | 'lastAdministrator' | null>(null);
  const [deleteRequested, setDeleteRequested] = useState(false);
  const [busy, setBusy] = useState(false);

  if (isPending) return <Loading />;
  if (error || !user) return <Alert severity="error">{translate('custom.common.loadError')}</Alert>;

  const run = async <T,>(action: () => Promise<T>, onDone: (result: T) => void, onError?: (failure: unknown) => boolean) => {
    setBusy(true);
    try {
      onDone(await action());
    } catch (failure) {
      if (!onError?.(failure)) notify(apiErrorInfo(failure).message || 'custom.common.unknownError', { type: 'error' });
    } finally {
      setBusy(false);
    }
  };
  const sendVerification = () =>
    run(
      () => api.call<VerifyUserResponse>('POST', `/users/${user.Id}/verify`),
      (answer) => {
        const outcome: Verification = answer?.VerificationSent === false ? 'verified' : 'sent';
        setVerification(outcome);
        notify(outcome === 'sent' ? 'custom.account.verificationSent' : 'custom.account.alreadyVerified', {
          type: 'success',
          messageArgs: { email: user.Email },
        });
      },
    );
  const deleteAccount = (force: boolean) =>
    run(
      async () => {
        const request: DeleteUser = { UserName: user.Email, Realm: await adminRealm(), ForceDelete: force };
        return api.call('DELETE', '/users', { body: request });
      },
      () => {
        setConfirmDelete(null);
        setDeleteRequested(true);
      },
      (failure) => {
        const { status, fieldErrors } = apiErrorInfo(failure);
        if (force || status !== 409 || !('ForceDelete' in fieldErrors)) return false;
        setConfirmDelete('lastAdministrator');
        return true;
      },
    );

  // The profile says so (the sign-up link verified it); an API that does not tell leaves the button.
  const verified = user.EmailVerified === true || verification === 'verified';
  const fullName = [user.Firstname, user.Lastname].filter(Boolean).join(' ') || user.Email;
  const initials = [user.Firstname, user.Lastname].map((part) => part?.charAt(0) ?? '').join('').toUpperCase() || user.Email.charAt(0).toUpperCase();

  return (
    <NarrowPage>
      <PageHeading title="custom.account.title" />
      <Stack spacing={2}>
        <Card>
          <CardHeader
            avatar={<Avatar sx={{ bgcolor: 'primary.main' }}>{initials}</Avatar>}
            title={<Typography variant="h6" component="h2">{fullName}</Typography>}
            subheader={user.Company?.Name}
            action={
              <Button component={Link} to={`/administrators/${user.Id}`} label="custom.account.editProfile">
                <EditIcon />
              </Button>
            }
            sx={{ flexWrap: 'wrap' }}
          />
          <Divider />
          <CardContent>
            <Row label="custom.account.fields.Firstname">{user.Firstname || '–'}</Row>
            <Row label="custom.account.fields.Lastname">{user.Lastname || '–'}</Row>
            <Row label="custom.account.fields.Email">
              <Stack direction="row" spacing={1} sx={{ alignItems: 'center', flexWrap: 'wrap' }}>
                <span>{user.Email}</span>
                {verified ? (
                  <Chip size="small" color="success" icon={<VerifiedIcon />} label={translate('custom.account.verified')} />
                ) : (
                  user.EmailVerified === false && <Chip size="small" variant="outlined" label={translate('custom.account.notVerified')} />
                )}
              </Stack>
            </Row>
            {user.Company && <Row label="custom.account.fields.Company">{user.Company.Name}</Row>}
          </CardContent>
        </Card>

        <Card>
          <CardHeader title={<Typography variant="subtitle1" component="h2">{translate('custom.account.security')}</Typography>} />
          <CardContent sx={{ pt: 0 }}>
            <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1} sx={{ alignItems: { sm: 'center' } }}>
              <MuiButton component={Link} to="/change-password" variant="outlined" size="small" startIcon={<LockIcon />}>
                {translate('custom.account.changePassword')}
              </MuiButton>
              {!verified && (
                <MuiButton variant="outlined" size="small" startIcon={<MailIcon />} disabled={busy || verification !== null} onClick={() => void sendVerification()}>
                  {translate('custom.account.verifyEmail')}
                </MuiButton>
              )}
            </Stack>
            {verification && (
              <Alert severity="success" sx={{ mt: 2 }}>
                {translate(verification === 'sent' ? 'custom.account.verificationSent' : 'custom.account.alreadyVerified', { email: user.Email })}
              </Alert>
            )}
          </CardContent>
        </Card>

        <Subscriptions />

        <Card sx={{ borderColor: 'error.light', borderWidth: 1, borderStyle: 'solid' }}>
          <CardHeader title={<Typography variant="subtitle1" component="h2" color="error">{translate('custom.account.deleteTitle')}</Typography>} />
          <CardContent sx={{ pt: 0 }}>
            <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
              {translate('custom.account.deleteIntro')}
            </Typography>
            {deleteRequested ? (
              <Alert severity="info">{translate('custom.account.deleteRequested', { email: user.Email })}</Alert>
            ) : (
              <Box>
                <MuiButton color="error" variant="outlined" size="small" startIcon={<DeleteIcon />} disabled={busy} onClick={() => setConfirmDelete('ask')}>
                  {translate('custom.account.delete')}
                </MuiButton>
              </Box>
            )}
          </CardContent>
        </Card>
      </Stack>
      <Confirm
        isOpen={confirmDelete !== null}
        loading={busy}
        title={confirmDelete === 'lastAdministrator' ? 'custom.account.lastAdministratorTitle' : 'custom.account.deleteConfirmTitle'}
        content={confirmDelete === 'lastAdministrator' ? 'custom.account.lastAdministratorContent' : 'custom.account.deleteConfirmContent'}
        confirm={confirmDelete === 'lastAdministrator' ? 'custom.account.deleteAnyway' : 'custom.account.delete'}
        confirmColor="warning"
        onConfirm={() => void deleteAccount(confirmDelete === 'lastAdministrator')}
        onClose={() => setConfirmDelete(null)}
      />
    </NarrowPage>
  );
}

AccountPage.path = '/account';
