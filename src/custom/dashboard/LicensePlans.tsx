import { useEffect, useRef } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Alert, Box, Chip, Skeleton, Stack, TableCell, TableRow, Typography } from '@mui/material';
import { OutlinedTable } from '../../common/OutlinedTable';
import { useLocale, useTranslate } from 'react-admin';
import { useSearchParams } from 'react-router-dom';
import type { CompanyLicense, LicenseType } from '../../../schema/company';
import type { QueryResponse } from '../../../schema/common';
import { formatAmount } from '../../i18n/format';
import { resultsOf, useApi } from '../../common/api';
import { useCompany } from '../../common/useCompany';

const SIGNS: Record<string, string> = { SEK: 'kr', NOK: 'kr', DKK: 'kr', EUR: '€' };

/**
 * The license plan comparison (spec core.md §5, license flow step 0) that /licenses opens with,
 * where Upgrade leads: the plans as columns with the monthly price in the company's country, the
 * company's active plan and the suggested one (`?upgrade={TypeId}`, as the license-limit modal links) marked.
 */
export function LicensePlans() {
  const translate = useTranslate();
  const locale = useLocale();
  const api = useApi();
  const { company } = useCompany();
  const [search] = useSearchParams();
  const suggested = Number(search.get('upgrade')) || undefined;
  const heading = useRef<HTMLHeadingElement>(null);
  const plans = useQuery({
    queryKey: ['custom', 'licenses', 'plans', locale],
    queryFn: async () => {
      const [types, held] = await Promise.all([
        api.call<QueryResponse<LicenseType>>('GET', '/licenses/types'),
        api.call<QueryResponse<CompanyLicense>>('GET', '/licenses/company', { query: { Active: true } }),
      ]);
      return { types: resultsOf(types), held: resultsOf(held).filter((l) => !l.Canceled).map((l) => l.TypeId) };
    },
  });
  useEffect(() => heading.current?.scrollIntoView?.({ block: 'start' }), []);

  const country = company?.CountryId ?? 'SE';
  return (
    <Box component="section" aria-labelledby="license-plans-title">
      <Typography ref={heading} id="license-plans-title" variant="h6" component="h2" sx={{ mb: 1 }}>
        {translate('custom.licenses.title')}
      </Typography>
      {plans.error ? <Alert severity="error">{translate('custom.common.loadError')}</Alert> : null}
      {plans.isPending ? <Skeleton variant="rectangular" height={120} /> : null}
      {plans.data ? (
        <OutlinedTable
          aria-labelledby="license-plans-title"
          head={
            <TableRow>
              <TableCell />
              {plans.data.types.map((type) => (
                <TableCell key={type.Id} scope="col" component="th">
                  <Stack spacing={0.5} sx={{ alignItems: 'flex-start' }}>
                    <span>{type.Name}</span>
                    {plans.data.held.includes(type.Id) ? <Chip size="small" color="success" label={translate('custom.licenses.active')} /> : null}
                    {suggested === type.Id ? <Chip size="small" color="primary" label={translate('custom.licenses.suggested')} /> : null}
                  </Stack>
                </TableCell>
              ))}
            </TableRow>
          }
        >
          <TableRow>
            <TableCell scope="row" component="th">
              {translate('custom.licenses.pricePerMonth')}
            </TableCell>
            {plans.data.types.map((type) => {
              const price = type.Prices.find((p) => p.CountryId === country) ?? type.Prices[0];
              return <TableCell key={type.Id}>{type.IsFree || !price ? translate('custom.licenses.free') : formatAmount(price.Price, SIGNS[price.CurrencyId] ?? price.CurrencyId, locale)}</TableCell>;
            })}
          </TableRow>
        </OutlinedTable>
      ) : null}
    </Box>
  );
}
