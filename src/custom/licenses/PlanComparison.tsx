import { visuallyHidden } from '@mui/utils';
import { Box, Button, Chip, Stack, TableCell, TableRow, Typography } from '@mui/material';
import { OutlinedTable } from '../../common/OutlinedTable';
import { useLocale, useTranslate } from 'react-admin';
import type { LicenseType } from '../../../schema/company';
import { formatAmount } from '../../i18n/format';
import { priceOf, splitValue, type LicenseData } from './useLicenses';

export interface PlanComparisonProps {
  data: LicenseData;
  countryId: string | undefined;
  /** The plan to mark Suggested (?upgrade= from the license modal, else the server's suggestion). */
  suggested: number | undefined;
  onSelect: (type: LicenseType) => void;
}

/** The feature column stays in view when the plans scroll sideways (phones). */
const STICKY = { position: 'sticky', left: 0, zIndex: 1, bgcolor: 'background.paper', minWidth: 140 } as const;

/**
 * The plan comparison (spec core.md §2): plans as columns, features as rows (a value's note under
 * it), the price per month, Select per plan (disabled for the plan held and not cancelled), Active
 * and Suggested badges.
 */
export function PlanComparison({ data, countryId, suggested, onSelect }: PlanComparisonProps) {
  const translate = useTranslate();
  const locale = useLocale();
  const plans = data.types.filter((t) => !t.IsExtraLicenseOption);
  const held = (type: LicenseType) => data.held.some((l) => l.TypeId === type.Id && l.Active);
  const heldNotCanceled = (type: LicenseType) => data.held.some((l) => l.TypeId === type.Id && l.Active && !l.Canceled);
  return (
    <OutlinedTable
      aria-labelledby="license-plans-title"
      head={
        <TableRow>
          <TableCell sx={STICKY}>
            <Box component="span" sx={visuallyHidden}>
              {translate('licenses.plans.feature')}
            </Box>
          </TableCell>
          {plans.map((type) => (
            <TableCell key={type.Id} scope="col" component="th">
              <Stack spacing={0.5} sx={{ alignItems: 'flex-start' }}>
                <Typography variant="subtitle2" component="span">
                  {type.Name}
                </Typography>
                {held(type) ? <Chip size="small" color="success" label={translate('custom.licenses.active')} /> : null}
                {suggested === type.Id ? <Chip size="small" color="primary" label={translate('custom.licenses.suggested')} /> : null}
              </Stack>
            </TableCell>
          ))}
        </TableRow>
      }
    >
      <TableRow>
        <TableCell scope="row" component="th" sx={STICKY}>
          {translate('custom.licenses.pricePerMonth')}
        </TableCell>
        {plans.map((type) => {
          const price = priceOf(type, countryId);
          return (
            <TableCell key={type.Id}>
              {type.IsFree || !price ? translate('custom.licenses.free') : translate('licenses.plans.perMonth', { price: formatAmount(price.price, price.sign, locale) })}
            </TableCell>
          );
        })}
      </TableRow>
      {data.information.map((row) => (
        <TableRow key={row.Id}>
          <TableCell scope="row" component="th" sx={STICKY}>
            <Typography variant="body2">{row.Name}</Typography>
            {row.Description ? (
              <Typography variant="caption" color="text.secondary">
                {row.Description}
              </Typography>
            ) : null}
          </TableCell>
          {plans.map((type) => {
            const { value, note } = splitValue(row.Values.find((v) => v.LicenseTypeId === type.Id)?.Value ?? '');
            return (
              <TableCell key={type.Id}>
                <Typography variant="body2">{value || '–'}</Typography>
                {note ? (
                  <Typography variant="caption" color="text.secondary">
                    {note}
                  </Typography>
                ) : null}
              </TableCell>
            );
          })}
        </TableRow>
      ))}
      <TableRow>
        <TableCell sx={STICKY} />
        {plans.map((type) => (
          <TableCell key={type.Id}>
            {type.IsFree ? null : (
              <Button
                variant={suggested === type.Id ? 'contained' : 'outlined'}
                size="small"
                disabled={heldNotCanceled(type)}
                onClick={() => onSelect(type)}
                aria-label={translate('licenses.plans.selectPlan', { name: type.Name })}
                >
                {translate('licenses.plans.select')}
              </Button>
            )}
          </TableCell>
        ))}
      </TableRow>
    </OutlinedTable>
  );
}
