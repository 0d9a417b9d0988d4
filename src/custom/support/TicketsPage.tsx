import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import {
  Alert,
  Button,
  Chip,
  FormControl,
  InputLabel,
  Link,
  MenuItem,
  Paper,
  Select,
  Stack,
  Table,
  TableBody,
  TableCell,
  TableContainer,
  TableHead,
  TablePagination,
  TableRow,
  TextField,
} from '@mui/material';
import AddIcon from '@mui/icons-material/Add';
import { Loading, useTranslate } from 'react-admin';
import { Link as RouterLink } from 'react-router-dom';
import type { SupportCase } from '../../../schema/support';
import type { QueryResponse } from '../../../schema/common';
import { useApi } from '../../common/api';
import { PageHeading } from '../../common/PageHeading';
import { CASES_KEY, shownTime, statusColor, useIsDesk, useSupportOptions } from './useSupport';

const PAGE = 25;

/** /support/tickets: the cases (the desk: every company's), filtered by status, type and words, 25 a page. */
export default function TicketsPage() {
  const api = useApi();
  const translate = useTranslate();
  const desk = useIsDesk();
  const statuses = useSupportOptions('status');
  const types = useSupportOptions('types');
  const [status, setStatus] = useState<number | ''>('');
  const [type, setType] = useState<number | ''>('');
  const [search, setSearch] = useState('');
  const [page, setPage] = useState(0);
  const query = { Skip: page * PAGE, Take: PAGE, ...(status ? { StatusId: status } : {}), ...(type ? { TypeId: type } : {}), ...(search.trim() ? { Search: search.trim() } : {}) };
  const cases = useQuery({
    queryKey: [...CASES_KEY, query],
    queryFn: () => api.call<QueryResponse<SupportCase>>('GET', '/support/cases', { query }),
    placeholderData: (previous) => previous,
  });
  const filter = (set: (v: number | '') => void) => (value: unknown) => {
    set(value === '' ? '' : Number(value));
    setPage(0);
  };
  return (
    <>
      <PageHeading
        title={desk ? 'custom.support.tickets.deskTitle' : 'custom.support.tickets.title'}
        subtitle={translate(desk ? 'custom.support.tickets.deskIntro' : 'custom.support.tickets.intro')}
        action={
          !desk && (
            <Button component={RouterLink} to="/support/tickets/new" variant="contained" startIcon={<AddIcon />}>
              {translate('custom.support.new.title')}
            </Button>
          )
        }
      />
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ mb: 2 }}>
        <FormControl size="small" sx={{ minWidth: 180 }}>
          <InputLabel id="support-status-filter">{translate('custom.support.fields.StatusId')}</InputLabel>
          <Select labelId="support-status-filter" label={translate('custom.support.fields.StatusId')} value={status} onChange={(e) => filter(setStatus)(e.target.value)}>
            <MenuItem value="">{translate('custom.support.all')}</MenuItem>
            {statuses.map((s) => (
              <MenuItem key={s.Id} value={s.Id}>
                {s.Name}
              </MenuItem>
            ))}
          </Select>
        </FormControl>
        <FormControl size="small" sx={{ minWidth: 180 }}>
          <InputLabel id="support-type-filter">{translate('custom.support.fields.TypeId')}</InputLabel>
          <Select labelId="support-type-filter" label={translate('custom.support.fields.TypeId')} value={type} onChange={(e) => filter(setType)(e.target.value)}>
            <MenuItem value="">{translate('custom.support.all')}</MenuItem>
            {types.map((s) => (
              <MenuItem key={s.Id} value={s.Id}>
                {s.Name}
              </MenuItem>
            ))}
          </Select>
        </FormControl>
        <TextField
          size="small"
          type="search"
          label={translate('custom.support.search')}
          value={search}
          onChange={(e) => {
            setSearch(e.target.value);
            setPage(0);
          }}
        />
      </Stack>
      {cases.isPending ? (
        <Loading />
      ) : cases.isError ? (
        <Alert severity="error">{translate('custom.support.loadError')}</Alert>
      ) : cases.data.Total === 0 ? (
        <Alert severity="info">{translate('custom.support.tickets.none')}</Alert>
      ) : (
        <Paper variant="outlined">
          <TableContainer>
            <Table size="small" aria-label={translate(desk ? 'custom.support.tickets.deskTitle' : 'custom.support.tickets.title')}>
              <TableHead>
                <TableRow>
                  <TableCell>{translate('custom.support.fields.Subject')}</TableCell>
                  {desk && <TableCell>{translate('custom.support.fields.CompanyName')}</TableCell>}
                  <TableCell>{translate('custom.support.fields.StatusId')}</TableCell>
                  <TableCell>{translate('custom.support.fields.TypeId')}</TableCell>
                  <TableCell>{translate('custom.support.fields.AreaId')}</TableCell>
                  <TableCell>{translate('custom.support.fields.Updated')}</TableCell>
                </TableRow>
              </TableHead>
              <TableBody>
                {cases.data.Results.map((c) => (
                  <TableRow key={c.Id} hover>
                    <TableCell>
                      <Link component={RouterLink} to={`/support/tickets/${c.Id}`}>
                        #{c.Id} {c.Subject}
                      </Link>
                    </TableCell>
                    {desk && <TableCell>{c.CompanyName}</TableCell>}
                    <TableCell>
                      <Chip size="small" label={c.StatusName} color={statusColor(c.StatusId)} variant="outlined" />
                    </TableCell>
                    <TableCell>{c.TypeName}</TableCell>
                    <TableCell>{c.AreaName}</TableCell>
                    <TableCell>{shownTime(c.Updated)}</TableCell>
                  </TableRow>
                ))}
              </TableBody>
            </Table>
          </TableContainer>
          <TablePagination
            component="div"
            count={cases.data.Total}
            page={page}
            onPageChange={(_, p) => setPage(p)}
            rowsPerPage={PAGE}
            rowsPerPageOptions={[PAGE]}
            labelDisplayedRows={({ from, to, count }) => translate('custom.support.rows', { from, to, count })}
          />
        </Paper>
      )}
    </>
  );
}
