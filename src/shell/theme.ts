import { defaultTheme, type RaThemeOptions } from 'react-admin';

/** Default accent colour (spec core.md §9). */
export const ACCENT_COLOR = '#4fc3f7';

/** Primary colour: 4.9:1 against white, for text and controls. */
export const PRIMARY_COLOR = '#0277bd';

/** Darker primary for a focused field's label: the filled fields' grey lowers the primary colour to 3.9:1. */
export const PRIMARY_DARK = '#01579b';

/**
 * Error colour: MUI's default red (#d32f2f) falls under 4.5:1 on the grey form toolbar, where Delete
 * sits; this one is 6.6:1 on white and 5:1 on that grey (WCAG 2.1 AA for text).
 */
export const ERROR_COLOR = '#b71c1c';

/** Warning colour: 5:1 against white text (notifications). */
export const WARNING_COLOR = '#b45309';

/**
 * The keyboard focus ring, theme-wide: every button, switch, checkbox, tab and menu item shows a
 * clear 2 px outline when reached with the keyboard (WCAG 2.4.7), not only a faint tint or a ripple
 * that can be white on white.
 */
const focusRing = (offset: number) => ({
  '&.Mui-focusVisible': { outline: `2px solid ${PRIMARY_COLOR}`, outlineOffset: offset },
});

/** react-admin's default theme with the product accent, AA colours and a visible focus ring. */
export const theme: RaThemeOptions = {
  ...defaultTheme,
  palette: {
    ...defaultTheme.palette,
    primary: { main: PRIMARY_COLOR, dark: PRIMARY_DARK },
    secondary: { main: ACCENT_COLOR, contrastText: 'rgba(0, 0, 0, 0.87)' },
    error: { main: ERROR_COLOR },
    // Notifications put white text on these: MUI's defaults (#ed6c02, #0288d1) are 3.1:1 and 3.9:1.
    warning: { main: WARNING_COLOR },
    info: { main: PRIMARY_COLOR },
  },
  components: {
    ...defaultTheme.components,
    MuiButtonBase: { styleOverrides: { root: focusRing(2) } },
    // Inside menus, lists and tab bars the ring is drawn inside the item, so neighbours do not hide it.
    MuiMenuItem: { styleOverrides: { root: focusRing(-2) } },
    MuiListItemButton: { styleOverrides: { root: focusRing(-2) } },
    MuiTab: { styleOverrides: { root: focusRing(-2) } },
    // 6:1 on the filled fields' grey (AA for text); an error keeps its own colour.
    MuiFormLabel: { styleOverrides: { root: { '&.Mui-focused:not(.Mui-error)': { color: PRIMARY_DARK } } } },
    // The bar of the selected rows' actions takes its own row above the table instead of sliding over
    // the list's toolbar (which wraps to two rows on busy lists and then hid the bar and took its
    // clicks), and its buttons use the dark accent (the light one is 3.8:1 on the bar's tint).
    RaBulkActionsToolbar: {
      styleOverrides: {
        root: {
          '& .RaBulkActionsToolbar-toolbar:not(.RaBulkActionsToolbar-collapsed)': { position: 'static', transform: 'none' },
          '& .RaBulkActionsToolbar-toolbar .MuiButton-colorPrimary, & .RaBulkActionsToolbar-toolbar .MuiIconButton-colorPrimary': { color: PRIMARY_DARK },
        },
      },
    },
  },
  sidebar: { width: 264, closedWidth: 50 },
};
