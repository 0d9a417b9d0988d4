import { useEffect, useState } from 'react';
import { Box, Button, Dialog, DialogActions, DialogContent, DialogTitle } from '@mui/material';
import { useDataProvider, useLogout, useNotify, useTranslate } from 'react-admin';
import type { Agreement } from '../../schema/company';
import type { BookingDataProvider } from '../dataProvider/types';
import { useProfile } from './profile';

/**
 * The user agreement: when the signed-in user has not agreed to the latest version, a large modal
 * with its (sanitised) text; accepting records it, declining logs out. Clicking outside does nothing.
 */
export function AgreementModal() {
  const dataProvider = useDataProvider<BookingDataProvider>();
  const profile = useProfile();
  const translate = useTranslate();
  const notify = useNotify();
  const logout = useLogout();
  const [agreement, setAgreement] = useState<Agreement | null>(null);
  const [html, setHtml] = useState('');
  const [saving, setSaving] = useState(false);

  useEffect(() => {
    let active = true;
    dataProvider
      .call<Agreement>('GET', '/users/agreement')
      .then(async (a) => {
        if (!a || a.AgreedToLatest !== false) return;
        const { default: DOMPurify } = await import('dompurify');
        if (!active) return;
        setHtml(DOMPurify.sanitize(a.Content ?? ''));
        setAgreement(a);
      })
      .catch(() => undefined);
    return () => {
      active = false;
    };
  }, [dataProvider]);

  if (!agreement || !profile) return null;

  const accept = async () => {
    setSaving(true);
    try {
      await dataProvider.call('POST', '/users/agreement', { body: { UserId: profile.UserId, AgreementId: agreement.AgreementId } });
      setAgreement(null);
    } catch (error) {
      notify(error instanceof Error && error.message ? error.message : 'errors.somethingWentWrong', { type: 'error' });
    } finally {
      setSaving(false);
    }
  };

  return (
    <Dialog open fullWidth maxWidth="lg" onClose={() => undefined} aria-labelledby="agreement-title">
      <DialogTitle id="agreement-title">{translate('auth.agreement.title')}</DialogTitle>
      <DialogContent dividers>
        <Box sx={{ '& img': { maxWidth: '100%' } }} dangerouslySetInnerHTML={{ __html: html }} />
      </DialogContent>
      <DialogActions>
        <Button onClick={() => logout()} disabled={saving}>
          {translate('auth.agreement.decline')}
        </Button>
        <Button variant="contained" onClick={() => void accept()} disabled={saving}>
          {translate('auth.agreement.accept')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
