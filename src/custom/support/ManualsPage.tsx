import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Accordion, AccordionDetails, AccordionSummary, Alert, InputAdornment, Stack, TextField, Typography } from '@mui/material';
import ExpandMoreIcon from '@mui/icons-material/ExpandMore';
import SearchIcon from '@mui/icons-material/Search';
import { Loading, useLocale, useTranslate } from 'react-admin';
import type { SupportManualList } from '../../../schema/support';
import { useApi } from '../../common/api';
import { PageHeading } from '../../common/PageHeading';

/** /support/manuals: the product's manual articles in the interface language, searched as one types. */
export default function ManualsPage() {
  const api = useApi();
  const translate = useTranslate();
  const locale = useLocale();
  const [search, setSearch] = useState('');
  const manuals = useQuery({
    queryKey: ['support', 'manuals', locale, search],
    queryFn: () => api.call<SupportManualList>('GET', '/support/manuals', { query: search.trim() ? { Search: search.trim() } : {} }),
    placeholderData: (previous) => previous,
  });
  return (
    <>
      <PageHeading title="custom.support.manuals.title" subtitle={translate('custom.support.manuals.intro')} />
      <TextField
        label={translate('custom.support.manuals.search')}
        value={search}
        onChange={(e) => setSearch(e.target.value)}
        type="search"
        fullWidth
        sx={{ mb: 2, maxWidth: 480 }}
        slotProps={{ input: { startAdornment: <InputAdornment position="start"><SearchIcon /></InputAdornment> } }}
      />
      {manuals.isPending ? (
        <Loading />
      ) : manuals.data?.Total === 0 ? (
        <Alert severity="info">{translate('custom.support.manuals.none')}</Alert>
      ) : (
        <Stack spacing={1}>
          {manuals.data?.Results.map((m) => (
            <Accordion key={m.Id} disableGutters>
              <AccordionSummary expandIcon={<ExpandMoreIcon />} aria-controls={`manual-${m.Id}`} id={`manual-${m.Id}-title`}>
                <Stack>
                  <Typography component="h3" variant="subtitle1">
                    {m.Title}
                  </Typography>
                  <Typography variant="body2" color="text.secondary">
                    {m.Summary}
                  </Typography>
                </Stack>
              </AccordionSummary>
              <AccordionDetails id={`manual-${m.Id}`}>
                <Typography sx={{ whiteSpace: 'pre-line' }}>{m.Body}</Typography>
              </AccordionDetails>
            </Accordion>
          ))}
        </Stack>
      )}
    </>
  );
}
