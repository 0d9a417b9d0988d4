import { Box, Chip, Stack, Typography } from '@mui/material';
import { useLocaleState, useTranslate } from 'react-admin';
import type { AvailableTime } from '../../../schema/availability';
import { formatWireDate, formatWireTime } from '../../i18n/format';

/** Days shown, and times per day, before the list says how many more there are. */
const DAYS = 5;
const PER_DAY = 12;

/** The new service's free times, day by day: what customers can book now. */
export function FreeTimes({ times }: { times: AvailableTime[] }) {
  const translate = useTranslate();
  const [locale] = useLocaleState();
  if (!times.length) return <Typography>{translate('setupAccount.wizard.noFreeTimes')}</Typography>;
  const days = new Map<string, AvailableTime[]>();
  for (const t of times) days.set(t.From.slice(0, 10), [...(days.get(t.From.slice(0, 10)) ?? []), t]);
  return (
    <Stack spacing={2} component="ul" sx={{ listStyle: 'none', p: 0, m: 0 }} aria-label={translate('setupAccount.wizard.freeTimes')}>
      {[...days.entries()].slice(0, DAYS).map(([day, list]) => (
        <Box component="li" key={day}>
          <Typography variant="subtitle2" component="h4" sx={{ mb: 0.5 }}>
            {formatWireDate(day, locale)}
          </Typography>
          <Stack direction="row" sx={{ flexWrap: 'wrap', gap: 1 }}>
            {list.slice(0, PER_DAY).map((t) => (
              <Chip key={t.From} label={formatWireTime(t.From, locale)} variant="outlined" color="success" />
            ))}
            {list.length > PER_DAY && <Chip label={translate('setupAccount.wizard.more', { smart_count: list.length - PER_DAY })} />}
          </Stack>
        </Box>
      ))}
    </Stack>
  );
}
