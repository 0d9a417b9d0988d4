import { useEffect, type ReactNode } from 'react';
import { Box, Paper, Stack, Typography } from '@mui/material';
import { useLocaleState, useTranslate } from 'react-admin';
import { isLanguage } from '../../i18n/languages';
import { LanguageSwitch } from '../../shell/LanguageSwitch';

/** Takes the language the sign-in page passed (?lang=en) once, so the sign-up speaks it too. */
function useLanguageFromQuery(): void {
  const [locale, setLocale] = useLocaleState();
  useEffect(() => {
    const asked = new URLSearchParams(window.location.search).get('lang');
    if (isLanguage(asked) && asked !== locale) setLocale(asked);
    // Only the address's language, once: the switch changes it afterwards.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);
}

/** The frame of the pages a visitor sees before signing in: product name, language switch and a card. */
export function PublicFrame({ title, children }: { title: string; children: ReactNode }) {
  const translate = useTranslate();
  useLanguageFromQuery();
  useEffect(() => {
    document.title = `${title} · ${translate('app.name')}`;
  }, [title, translate]);
  return (
    <Box sx={{ minHeight: '100vh', bgcolor: 'grey.100', display: 'flex', flexDirection: 'column' }}>
      <Stack direction="row" component="header" sx={{ justifyContent: 'space-between', alignItems: 'center', px: 2, py: 1 }}>
        <Typography component="p" variant="subtitle2" sx={{ textTransform: 'uppercase', letterSpacing: '.06em', color: 'text.secondary' }}>
          {translate('app.name')}
        </Typography>
        <LanguageSwitch />
      </Stack>
      <Box component="main" sx={{ flex: 1, display: 'flex', justifyContent: 'center', alignItems: { xs: 'flex-start', sm: 'center' }, p: { xs: 1, sm: 3 } }}>
        <Paper sx={{ width: '100%', maxWidth: 480, p: { xs: 2.5, sm: 4 }, borderRadius: 3 }} elevation={2}>
          <Typography variant="h5" component="h1" sx={{ mb: 2, fontWeight: 600 }}>
            {title}
          </Typography>
          {children}
        </Paper>
      </Box>
    </Box>
  );
}
