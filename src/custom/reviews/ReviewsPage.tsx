import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Alert, Box, FormControl, Grid, InputLabel, MenuItem, Paper, Select, Table, TableBody, TableCell, TableHead, TablePagination, TableRow, Typography } from '@mui/material';
import { Loading, useGetList, useTranslate } from 'react-admin';
import type { QueryResponse } from '../../../schema/common';
import type { Review, ReviewAverage, ReviewAverages, ReviewQuery } from '../../../schema/reviews';
import { useApi } from '../../common/api';
import { Picker } from '../../common/inputs/DateTimeInputs';
import { PageHeading } from '../../common/PageHeading';
import { useCan } from '../../auth/roles';
import { REVIEWS_KEY } from './keys';
import { ReviewRequestsCard } from './ReviewRequestsCard';
import { ReviewsTable } from './ReviewsTable';

const PAGE = 25;
type Filters = Pick<ReviewQuery, 'ServiceId' | 'ResourceId' | 'Rating' | 'From' | 'To' | 'Hidden'>;

function Choice({ id, label, value, options, onChange }: { id: string; label: string; value: string; options: { value: string; label: string }[]; onChange: (v: string) => void }) {
  const translate = useTranslate();
  return (
    <FormControl size="small" sx={{ minWidth: 160 }}>
      <InputLabel id={id}>{label}</InputLabel>
      <Select labelId={id} label={label} value={value} onChange={(e) => onChange(String(e.target.value))}>
        <MenuItem value="">{translate('custom.reviews.all')}</MenuItem>
        {options.map((o) => (
          <MenuItem key={o.value} value={o.value}>
            {o.label}
          </MenuItem>
        ))}
      </Select>
    </FormControl>
  );
}

function AverageTable({ title, rows }: { title: string; rows: ReviewAverage[] }) {
  const translate = useTranslate();
  return (
    <Paper variant="outlined" sx={{ p: 1.5, height: '100%' }}>
      <Typography variant="subtitle1" component="h3" sx={{ mb: 1 }}>
        {title}
      </Typography>
      {rows.length === 0 ? (
        <Typography variant="body2">{translate('custom.reviews.none')}</Typography>
      ) : (
        <Table size="small" aria-label={title}>
          <TableHead>
            <TableRow>
              <TableCell>{translate('custom.reviews.averages.name')}</TableCell>
              <TableCell align="right">{translate('custom.reviews.averages.average')}</TableCell>
              <TableCell align="right">{translate('custom.reviews.averages.count')}</TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {rows.map((r) => (
              <TableRow key={r.Id}>
                <TableCell>{r.Name}</TableCell>
                <TableCell align="right">{r.Average.toFixed(2)}</TableCell>
                <TableCell align="right">{r.Count}</TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      )}
    </Paper>
  );
}

/**
 * /reviews (issue 36): whether customers are asked for a review, the reviews with filters (service,
 * resource, rating, the visit's dates, shown or hidden), 25 a page, the averages per service and
 * resource of the shown reviews, and hiding a review with a reason (or showing it again).
 */
export default function ReviewsPage() {
  const api = useApi();
  const translate = useTranslate();
  const mayWrite = useCan('bookings', 'write');
  const maySetUp = useCan('messages', 'write');
  const [filters, setFilters] = useState<Filters>({});
  const [page, setPage] = useState(0);
  const services = useGetList('services', { pagination: { page: 1, perPage: 200 }, sort: { field: 'Name', order: 'ASC' } });
  const resources = useGetList('resources', { pagination: { page: 1, perPage: 200 }, sort: { field: 'Name', order: 'ASC' } });
  const query = { ...filters, Skip: page * PAGE, Take: PAGE };
  const list = useQuery({ queryKey: [...REVIEWS_KEY, 'list', query], queryFn: () => api.call<QueryResponse<Review>>('GET', '/reviews', { query }), placeholderData: (p) => p });
  const { Hidden: _hidden, ...averageFilters } = filters;
  const averages = useQuery({ queryKey: [...REVIEWS_KEY, 'averages', averageFilters], queryFn: () => api.call<ReviewAverages>('GET', '/reviews/averages', { query: averageFilters }) });
  const set = (name: keyof Filters, value: string | number | boolean | undefined) => {
    setFilters((f) => ({ ...f, [name]: value === '' ? undefined : value }));
    setPage(0);
  };
  const named = (rows: { id: unknown; Name?: unknown }[] | undefined) => (rows ?? []).map((r) => ({ value: String(r.id), label: String(r.Name ?? r.id) }));
  return (
    <>
      <PageHeading title="custom.reviews.title" subtitle={translate('custom.reviews.intro')} />
      {maySetUp && <ReviewRequestsCard />}
      <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 2, mb: 3, '& > *': { flex: '1 1 200px' } }} role="search" aria-label={translate('custom.reviews.filters')}>
        <Choice id="reviews-service" label={translate('custom.reviews.fields.ServiceName')} value={String(filters.ServiceId ?? '')} options={named(services.data)} onChange={(v) => set('ServiceId', v && Number(v))} />
        <Choice id="reviews-resource" label={translate('custom.reviews.fields.Resources')} value={String(filters.ResourceId ?? '')} options={named(resources.data)} onChange={(v) => set('ResourceId', v && Number(v))} />
        <Choice
          id="reviews-rating"
          label={translate('custom.reviews.fields.Rating')}
          value={String(filters.Rating ?? '')}
          options={[5, 4, 3, 2, 1].map((n) => ({ value: String(n), label: translate('custom.reviews.ratingOf', { rating: n }) }))}
          onChange={(v) => set('Rating', v && Number(v))}
        />
        <Picker kind="date" size="small" variant="filled" label={translate('custom.reviews.from')} value={filters.From ?? ''} onChange={(v) => set('From', v ?? '')} />
        <Picker kind="date" size="small" variant="filled" label={translate('custom.reviews.to')} value={filters.To ?? ''} onChange={(v) => set('To', v ?? '')} />
        <Choice
          id="reviews-hidden"
          label={translate('custom.reviews.fields.Hidden')}
          value={filters.Hidden === undefined ? '' : String(filters.Hidden)}
          options={[
            { value: 'false', label: translate('custom.reviews.shownChip') },
            { value: 'true', label: translate('custom.reviews.hiddenChip') },
          ]}
          onChange={(v) => set('Hidden', v === '' ? undefined : v === 'true')}
        />
      </Box>
      {averages.data && (
        <section aria-labelledby="reviews-averages-heading">
          <Typography id="reviews-averages-heading" variant="h6" component="h3" sx={{ mb: 1 }}>
            {translate('custom.reviews.averages.title')}
            {': '}
            {averages.data.Overall.Count === 0 ? translate('custom.reviews.none') : translate('custom.reviews.averages.overall', { average: (averages.data.Overall.Average ?? 0).toFixed(2), count: averages.data.Overall.Count })}
          </Typography>
          <Grid container spacing={2} sx={{ mb: 3 }}>
            <Grid size={{ xs: 12, md: 6 }}>
              <AverageTable title={translate('custom.reviews.averages.services')} rows={averages.data.Services} />
            </Grid>
            <Grid size={{ xs: 12, md: 6 }}>
              <AverageTable title={translate('custom.reviews.averages.resources')} rows={averages.data.Resources} />
            </Grid>
          </Grid>
        </section>
      )}
      {list.isPending ? (
        <Loading />
      ) : list.isError ? (
        <Alert severity="error">{translate('custom.reviews.loadError')}</Alert>
      ) : list.data.Total === 0 ? (
        <Alert severity="info">{translate('custom.reviews.empty')}</Alert>
      ) : (
        <>
          <ReviewsTable reviews={list.data.Results} mayWrite={mayWrite} />
          <TablePagination component="div" count={list.data.Total} page={page} rowsPerPage={PAGE} rowsPerPageOptions={[PAGE]} onPageChange={(_, p) => setPage(p)} />
        </>
      )}
    </>
  );
}
