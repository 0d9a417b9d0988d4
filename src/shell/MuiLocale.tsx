import { useMemo, type ReactNode } from 'react';
import { createTheme, ThemeProvider, useTheme } from '@mui/material';
import { enUS, fiFI, nbNO, svSE } from '@mui/material/locale';
import { useLocale } from 'react-admin';
import type { Language } from '../i18n/languages';

/** MUI's own words per interface language (Norwegian is bokmål). */
const TEXTS: Record<Language, typeof enUS> = { sv: svSE, en: enUS, fi: fiFI, no: nbNO };

/**
 * The words MUI's components say themselves, in the interface language: the autocomplete's Open,
 * Close and Clear buttons and its "No options", the pagination's labels, an alert's Close. They are
 * mostly read by screen readers, so a Swedish page must not speak English there.
 * @example <MuiLocale><CoreAdminUI … /></MuiLocale>
 */
export function MuiLocale({ children }: { children: ReactNode }) {
  const theme = useTheme();
  const locale = useLocale() as Language;
  const localized = useMemo(() => createTheme(theme, TEXTS[locale] ?? enUS), [theme, locale]);
  return <ThemeProvider theme={localized}>{children}</ThemeProvider>;
}
