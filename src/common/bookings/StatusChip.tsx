import type React from 'react';
import { Box, Chip } from '@mui/material';
import { Link, useTranslate } from 'react-admin';
import { useBookingStatuses } from './useBookingStatuses';

/** A neutral grey for statuses the API gives no colour. */
const FALLBACK_COLOR = '#9e9e9e';

/**
 * A booking's status as a chip: the name of GET /bookings/status and its colour as a dot and border,
 * the text in the theme's colour so that every status reads at full contrast.
 * @example <StatusChip statusId={1} />
 */
export function StatusChip({ statusId, fallbackName }: { statusId: number; fallbackName?: string | null }) {
  const { byId } = useBookingStatuses();
  const translate = useTranslate();
  const status = byId.get(statusId);
  const color = status?.Color || FALLBACK_COLOR;
  const name = status?.Name ?? fallbackName ?? translate(`custom.bookings.status.${statusId}`, { _: String(statusId) });
  return (
    <Chip
      size="small"
      variant="outlined"
      label={name}
      title={status?.Description ?? undefined}
      icon={<Box component="span" aria-hidden sx={{ width: 10, height: 10, borderRadius: '50%', bgcolor: color, flex: 'none', ml: '8px !important' }} />}
      sx={{ borderColor: color, borderWidth: 2, fontWeight: 500, maxWidth: '100%' }}
      data-status={statusId}
    />
  );
}

/**
 * A booking's number as a link to its page, so that keyboard and screen-reader users reach it (a row
 * click is for the mouse); the click does not also fire the row's.
 * @example <BookingLink id={42} />
 */
export function BookingLink({ id }: { id: number }) {
  const translate = useTranslate();
  return (
    <Link to={`/bookings/${id}`} onClick={(e: React.MouseEvent) => e.stopPropagation()} aria-label={translate('custom.bookings.list.open', { id })}>
      {`#${id}`}
    </Link>
  );
}
