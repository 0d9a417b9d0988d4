import { useCallback, useEffect, useMemo } from 'react';
import { Alert, Box, Button, Card, CardContent, LinearProgress, MenuItem, Stack, TextField } from '@mui/material';
import { useQuery } from '@tanstack/react-query';
import { useGetList, useLocaleState, useTranslate } from 'react-admin';
import { useSearchParams } from 'react-router-dom';
import type { Statistics, StatisticsGroupBy } from '../../../schema/statistics';
import { useApi, apiErrorInfo } from '../../common/api';
import { PageHeading } from '../../common/PageHeading';
import { useCompanyNow } from '../../auth/profile';
import { ChartSection } from './ChartSection';
import { CustomRangeFields } from './CustomRangeFields';
import { FigureCards } from './FigureCards';
import { FilterSelect, type FilterOption } from './FilterSelect';
import { DaysSection, GroupsSection, HeatSection } from './sections';
import { GROUPS, PRESETS, readChoices, statisticsQuery, writeChoices, type Compare, type Preset, type StatisticsChoices } from './choices';
import { formatMoney } from '../../../domain/pricing/money';
import { currencySign } from '../../i18n/format';

const LIST = { pagination: { page: 1, perPage: 500 }, sort: { field: 'Name', order: 'ASC' } } as const;

/** The company's services or resources as options, by name. */
function useOptions(resource: 'services' | 'resources'): FilterOption[] {
  const { data } = useGetList<{ id: number; Name: string }>(resource, LIST);
  return useMemo(() => (data ?? []).map((r) => ({ id: Number(r.id), name: r.Name })), [data]);
}

/**
 * /statistics: a range (the last 7, 30 or 90 days, the last year, or dates of one's own, in the
 * company's zone) beside the range before or the same range last year, per service, resource,
 * administrator or customer group, for all or chosen services and resources. The choices live in the
 * URL (see readChoices), so a reload or a shared link shows the same figures. Every figure is the
 * server's (GET /statistics): nothing is counted here.
 */
export default function StatisticsPage() {
  const translate = useTranslate();
  const [locale] = useLocaleState();
  const api = useApi();
  const today = useCompanyNow().slice(0, 10);
  const t = (key: string, options?: object) => translate(`custom.statistics.${key}`, options);
  const [params, setParams] = useSearchParams();
  const choices = useMemo(() => readChoices(params, today), [params, today]);
  const choose = useCallback(
    (change: Partial<StatisticsChoices>) => setParams((now) => writeChoices(now, { ...readChoices(now, today), ...change }), { replace: true }),
    [setParams, today],
  );
  // A link with values the screen does not know is shown with the defaults; its address says so too.
  const canonical = writeChoices(params, choices);
  useEffect(() => {
    if (canonical !== params.toString().replace(/%2C/gi, ',')) setParams(canonical, { replace: true });
  }, [canonical, params, setParams]);
  const services = useOptions('services');
  const resources = useOptions('resources');
  const query = statisticsQuery(choices);
  const { data, error, isFetching, refetch } = useQuery({
    queryKey: ['statistics', query],
    queryFn: () => api.call<Statistics>('GET', '/statistics', { query: { ...query } }),
    placeholderData: (previous) => previous,
    retry: false,
  });
  const failure = error ? apiErrorInfo(error) : null;

  return (
    <Stack spacing={2}>
      <PageHeading title="custom.statistics.title" subtitle={t('intro')} />
      <Card>
        <CardContent>
          <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', sm: 'repeat(2, 1fr)', md: 'repeat(4, 1fr)' } }}>
            <TextField select label={t('range.label')} value={choices.preset} onChange={(e) => choose({ preset: e.target.value as Preset })} size="small">
              {PRESETS.map((p) => (
                <MenuItem key={p} value={p}>
                  {t(`range.${p}`)}
                </MenuItem>
              ))}
            </TextField>
            {choices.preset === 'custom' && <CustomRangeFields from={choices.from} to={choices.to} onChange={(from, to) => choose({ preset: 'custom', from, to })} />}
            <TextField select label={t('compare.label')} value={choices.compare} onChange={(e) => choose({ compare: e.target.value as Compare })} size="small">
              <MenuItem value="previous">{t('compare.previous')}</MenuItem>
              <MenuItem value="lastYear">{t('compare.lastYear')}</MenuItem>
            </TextField>
            <TextField select label={t('groupBy.label')} value={choices.groupBy} onChange={(e) => choose({ groupBy: e.target.value as StatisticsGroupBy })} size="small">
              {GROUPS.map((g) => (
                <MenuItem key={g} value={g}>
                  {t(`groupBy.${g}`)}
                </MenuItem>
              ))}
            </TextField>
            <FilterSelect name="services" label={t('filters.services')} all={t('filters.allServices')} options={services} value={choices.serviceIds} onChange={(serviceIds) => choose({ serviceIds })} />
            <FilterSelect name="resources" label={t('filters.resources')} all={t('filters.allResources')} options={resources} value={choices.resourceIds} onChange={(resourceIds) => choose({ resourceIds })} />
          </Box>
        </CardContent>
        <Box sx={{ height: 4 }}>{isFetching && <LinearProgress aria-hidden />}</Box>
      </Card>
      {failure && (
        <Alert
          severity="error"
          action={
            <Button color="inherit" size="small" onClick={() => void refetch()}>
              {t('retry')}
            </Button>
          }
        >
          {t('error', { message: failure.message })}
        </Alert>
      )}
      {data && (
        <>
          <FigureCards stats={data} />
          <DaysSection stats={data} />
          <GroupsSection stats={data} />
          <HeatSection stats={data} />
          <ChartSection
            title={t('promo.title')}
            summary=""
            file={`promo-codes-${data.From}-${data.To}`}
            empty={t('promo.empty')}
            table={{
              header: [t('promo.code'), t('promo.bookings'), t('promo.amount')],
              rows: data.PromoCodes.map((p) => [p.RebateCodeSign, String(p.Bookings), formatMoney(p.AmountMinor, currencySign(data.CurrencyId), locale)]),
              values: data.PromoCodes.map((p) => [p.RebateCodeSign, p.Bookings, p.AmountMinor / 100]),
            }}
          />
        </>
      )}
    </Stack>
  );
}

StatisticsPage.path = '/statistics';
