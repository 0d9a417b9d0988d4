import { defaultTheme, type RaThemeOptions } from 'react-admin';

/** Default accent colour (spec core.md §9). */
export const ACCENT_COLOR = '#4fc3f7';

/** react-admin's default theme with the product accent. */
export const theme: RaThemeOptions = {
  ...defaultTheme,
  palette: {
    ...defaultTheme.palette,
    primary: { main: '#0277bd' },
    secondary: { main: ACCENT_COLOR, contrastText: 'rgba(0, 0, 0, 0.87)' },
  },
  sidebar: { width: 264, closedWidth: 50 },
};
