import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Alert, Box, Chip, MenuItem, Skeleton, Stack, TableCell, TableRow, TextField, Typography } from '@mui/material';
import { OutlinedTable } from '../../common/OutlinedTable';
import { useGetList, useLocale, useTranslate } from 'react-admin';
import { formatWireSpan } from '../../i18n/format';
import { Link } from 'react-router-dom';
import type { QueryResponse } from '../../../schema/common';
import type { ResourceDetails, TimeExceptionOccurrence } from '../../../schema/scheduling';
import { ColorDot } from '../../common/inputs/ColorInput';
import { addDays } from '../../common/dates';
import { useCompanyNow } from '../../auth/profile';
import { apiErrorInfo, useApi } from '../../common/api';
import { PageHeading } from '../../common/PageHeading';
import { Picker } from '../../common/inputs/DateTimeInputs';


/** /time-exceptions-report: every occurrence of the time exceptions between two dates, per resource if chosen. */
export default function TimeExceptionsReport() {
  const translate = useTranslate();
  const locale = useLocale();
  const api = useApi();
  const today = useCompanyNow().slice(0, 10);
  const [from, setFrom] = useState(today);
  const [to, setTo] = useState(addDays(today, 30));
  const [resourceId, setResourceId] = useState<number | ''>('');
  const resources = useGetList<ResourceDetails & { id: number }>('resources', { pagination: { page: 1, perPage: 500 }, sort: { field: 'Name', order: 'ASC' } });
  const report = useQuery({
    queryKey: ['timeexceptions', 'report', from, to, resourceId],
    enabled: !!from && !!to,
    queryFn: () =>
      api.call<QueryResponse<TimeExceptionOccurrence>>('GET', '/timeexceptions/report', { query: { From: from, To: to, ResourceIds: resourceId === '' ? undefined : [resourceId] } }),
  });
  const rows = report.data?.Results ?? [];

  return (
    <Box sx={{ mt: 2 }}>
      <PageHeading title="custom.scheduling.report.title" subtitle={translate('custom.scheduling.report.subtitle')} />
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1} sx={{ mb: 2 }}>
        <Picker kind="date" size="small" required label={translate('custom.scheduling.report.from')} value={from} onChange={(v) => setFrom(v ?? '')} />
        <Picker kind="date" size="small" required label={translate('custom.scheduling.report.to')} value={to} onChange={(v) => setTo(v ?? '')} />
        <TextField
          select
          size="small"
          label={translate('custom.scheduling.report.resource')}
          value={resourceId}
          onChange={(e) => setResourceId(e.target.value === '' ? '' : Number(e.target.value))}
          sx={{ minWidth: 200 }}
        >
          <MenuItem value="">{translate('custom.scheduling.report.allResources')}</MenuItem>
          {(resources.data ?? []).map((r) => (
            <MenuItem key={r.Id} value={r.Id}>
              {r.Name}
            </MenuItem>
          ))}
        </TextField>
      </Stack>
      {report.isError ? <Alert severity="error">{apiErrorInfo(report.error).message}</Alert> : null}
      {report.isPending && report.fetchStatus !== 'idle' ? <Skeleton variant="rounded" height={120} /> : null}
      {report.isSuccess && rows.length === 0 ? <Typography color="text.secondary">{translate('custom.scheduling.report.empty')}</Typography> : null}
      {rows.length > 0 ? (
        <OutlinedTable
          aria-label={translate('custom.scheduling.report.title')}
          head={
            <TableRow>
              <TableCell>{translate('custom.scheduling.report.when')}</TableCell>
              <TableCell>{translate('custom.scheduling.report.resources')}</TableCell>
              <TableCell>{translate('custom.scheduling.report.reason')}</TableCell>
              <TableCell>{translate('custom.scheduling.report.kind')}</TableCell>
            </TableRow>
          }
        >
          {rows.map((o) => (
            <TableRow key={`${o.TimeExceptionId}-${o.From}-${o.Resources.map((r) => r.Id).join(' ')}`} hover>
              <TableCell sx={{ whiteSpace: 'nowrap' }}>
                {o.Source ? (
                  formatWireSpan(o.From, o.To, locale)
                ) : (
                  <Link to={`/time-exceptions/${o.TimeExceptionId}`}>{formatWireSpan(o.From, o.To, locale)}</Link>
                )}
              </TableCell>
              <TableCell>{o.Resources.length ? o.Resources.map((r) => r.Name).join(', ') : translate('custom.scheduling.report.allResources')}</TableCell>
              <TableCell>
                <Box sx={{ display: 'flex', alignItems: 'center', gap: 1 }}>
                  <ColorDot color={o.Color} />
                  <span>
                    {o.ReasonTextPublic ?? ''}
                    {o.ReasonText ? (
                      <Typography component="span" variant="body2" color="text.secondary">
                        {o.ReasonTextPublic ? ' · ' : ''}
                        {o.ReasonText}
                      </Typography>
                    ) : null}
                  </span>
                </Box>
              </TableCell>
              <TableCell>
                <Stack direction="row" spacing={0.5} sx={{ flexWrap: 'wrap' }}>
                  <Chip size="small" label={translate(o.BlockTime ? 'custom.scheduling.report.blocked' : 'custom.scheduling.report.info')} color={o.BlockTime ? 'error' : 'default'} variant="outlined" />
                  {o.IsRecurring ? <Chip size="small" label={translate('custom.scheduling.report.recurring')} variant="outlined" /> : null}
                </Stack>
              </TableCell>
            </TableRow>
          ))}
        </OutlinedTable>
      ) : null}
    </Box>
  );
}

TimeExceptionsReport.path = '/time-exceptions-report';
