import { useState } from 'react';
import { Button, Menu, MenuItem, useMediaQuery, type Theme } from '@mui/material';
import TranslateIcon from '@mui/icons-material/Translate';
import ExpandMoreIcon from '@mui/icons-material/ExpandMore';
import { useLocaleState } from 'react-admin';
import { LANGUAGE_NAMES, type Language } from '../i18n/languages';

/** Language switch order of the spec: sv, no, fi, en. */
export const SWITCH_LANGUAGES: readonly Language[] = ['sv', 'no', 'fi', 'en'];

/** The top bar's language switch; on phones it shows the language code only. */
export function LanguageSwitch() {
  const [locale, setLocale] = useLocaleState();
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const isXSmall = useMediaQuery<Theme>((theme) => theme.breakpoints.down('sm'));
  const current = LANGUAGE_NAMES[locale as Language] ?? locale;
  return (
    <>
      <Button
        color="inherit"
        aria-controls={anchor ? 'language-menu' : undefined}
        aria-haspopup="true"
        // On phones the button shows the code only; its name starts with that code (label in name).
        aria-label={isXSmall ? `${locale.toUpperCase()} (${current})` : undefined}
        onClick={(e) => setAnchor(e.currentTarget)}
        startIcon={isXSmall ? undefined : <TranslateIcon />}
        endIcon={<ExpandMoreIcon fontSize="small" />}
        sx={{ minWidth: 0, whiteSpace: 'nowrap' }}
      >
        {isXSmall ? locale.toUpperCase() : current}
      </Button>
      <Menu id="language-menu" anchorEl={anchor} open={!!anchor} onClose={() => setAnchor(null)}>
        {SWITCH_LANGUAGES.map((lang) => (
          <MenuItem
            key={lang}
            lang={lang}
            selected={lang === locale}
            onClick={() => {
              setAnchor(null);
              setLocale(lang);
            }}
          >
            {LANGUAGE_NAMES[lang]}
          </MenuItem>
        ))}
      </Menu>
    </>
  );
}
