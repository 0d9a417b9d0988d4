import { getContrastRatio } from '@mui/material/styles';

/** WCAG AA for normal text. */
const AA = 4.5;

/**
 * The text colour for a background an administrator chose (a resource's or service's colour):
 * black or white, whichever reads better. MUI's getContrastText switches at 3:1, which is not
 * enough for the small text of a booking on the scheduler (4.5:1, WCAG AA): white on #ba68c8 is 3.55.
 * @example readableTextOn('#ba68c8') // '#000000' (5.9:1)
 * @example readableTextOn('#1565c0') // '#ffffff'
 */
export function readableTextOn(background: string): '#000000' | '#ffffff' {
  const onWhite = getContrastRatio('#ffffff', background);
  const onBlack = getContrastRatio('#000000', background);
  if (onWhite >= AA && onWhite >= onBlack) return '#ffffff';
  return onBlack >= onWhite ? '#000000' : '#ffffff';
}
