import { useState } from 'react';
import { MenuItem, TextField } from '@mui/material';
import { useTranslate } from 'react-admin';
import type { Id } from '../../../schema/common';
import { useServices } from './serviceData';

export interface ServiceSelectProps {
  value: Id | null;
  onChoose: (id: Id) => void;
  /** The form was submitted once: an empty choice is shown as an error. */
  attempted: boolean;
  /** From the scheduler's selected range: only the services bookable then on that resource, until the user asks for all. */
  offered: number[] | null;
}

/**
 * The new booking's service: every service of the company, or only those a link offered (the scheduler's
 * selected range) with "Show all services" at the end of the list.
 * @example
 * <ServiceSelect value={serviceId} onChoose={chooseService} attempted={attempted} offered={linked.offered} />
 */
export function ServiceSelect({ value, onChoose, attempted, offered: linkedOffer }: ServiceSelectProps) {
  const translate = useTranslate();
  const services = useServices();
  const [offered, setOffered] = useState<number[] | null>(linkedOffer);
  return (
    <TextField
      select
      required
      label={translate('newBookingForm.service')}
      value={value ?? ''}
      onChange={(e) => (e.target.value === '' ? undefined : onChoose(Number(e.target.value)))}
      error={attempted && !value}
      helperText={
        services.error
          ? (services.error as Error).message
          : attempted && !value
            ? translate('newBookingForm.chooseService')
            : offered
              ? translate('newBookingForm.offeredOnly')
              : ' '
      }
      slotProps={{ select: { MenuProps: { slotProps: { paper: { sx: { maxHeight: 400 } } } } } }}
    >
      {(services.data ?? [])
        .filter((s) => !offered || offered.includes(s.Id))
        .map((s) => (
          <MenuItem key={s.Id} value={s.Id}>
            {s.Name}
          </MenuItem>
        ))}
      {offered ? (
        <MenuItem value="" onClick={() => setOffered(null)} sx={{ fontStyle: 'italic' }}>
          {translate('newBookingForm.allServices')}
        </MenuItem>
      ) : null}
    </TextField>
  );
}
