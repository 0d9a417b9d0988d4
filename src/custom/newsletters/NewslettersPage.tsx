import { useEffect, useState } from 'react';
import { Box, FormControlLabel, Stack, Switch } from '@mui/material';
import HistoryIcon from '@mui/icons-material/History';
import ArticleIcon from '@mui/icons-material/Article';
import { useTranslate } from 'react-admin';
import type { Newsletter, NewsletterTemplate } from '../../../schema/newsletters';
import { PageHeading } from '../../common/PageHeading';
import { HashTabsCard } from '../../common/HashTabsCard';
import { StateField } from '../../common/inputs/StateField';
import { LogTab } from './LogTab';
import { TemplatesTab } from './TemplatesTab';
import { listQuery, useNewsletterList, type NewsletterFilter } from './useNewsletterApi';

export const NEWSLETTER_TABS = ['newsletterlog', 'newslettertemplates'] as const;
const ICONS = { newsletterlog: <HistoryIcon />, newslettertemplates: <ArticleIcon /> };

function FilterBar({ filter, onChange }: { filter: NewsletterFilter; onChange: (next: NewsletterFilter) => void }) {
  const translate = useTranslate();
  const [text, setText] = useState(filter.receiver);
  useEffect(() => {
    if (text === filter.receiver) return undefined;
    const timer = window.setTimeout(() => onChange({ ...filter, receiver: text }), 500);
    return () => window.clearTimeout(timer);
  }, [text, filter, onChange]);
  return (
    <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ alignItems: { sm: 'center' }, mb: 2 }}>
      <StateField type="search" label="newsletters.filter.receiver" value={text} onValue={setText} sx={{ minWidth: 240 }} />
      <FormControlLabel sx={{ whiteSpace: 'nowrap' }} control={<Switch checked={filter.sent} onChange={(_e, sent) => onChange({ ...filter, sent })} />} label={translate('newsletters.filter.sent')} />
    </Stack>
  );
}

/**
 * /newsletters: the newsletter log and the templates, one tab each (URL hash), each with its count
 * (pages of 25, newest first). The log is filtered by the sent toggle and the receiver search;
 * templates have neither a receiver nor a sent state, so their tab has no filters.
 */
const NO_FILTER: NewsletterFilter = { sent: false, receiver: '' };

export default function NewslettersPage() {
  const [filter, setFilter] = useState<NewsletterFilter>({ sent: false, receiver: '' });
  const [pages, setPages] = useState({ newsletterlog: 0, newslettertemplates: 0 });
  const changeFilter = (next: NewsletterFilter) => {
    setFilter(next);
    setPages((s) => ({ ...s, newsletterlog: 0 }));
  };
  const log = useNewsletterList<Newsletter>('/newsletter/log', listQuery(filter, pages.newsletterlog));
  const templates = useNewsletterList<NewsletterTemplate>('/newsletter/templates', listQuery(NO_FILTER, pages.newslettertemplates));
  const counts = { newsletterlog: log.total, newslettertemplates: templates.total };
  return (
    <Box sx={{ contain: 'inline-size' }}>
      <PageHeading title="newsletters.title" />
      <HashTabsCard id="newsletters" messages="newsletters" tabs={NEWSLETTER_TABS} icons={ICONS} badges={counts}>
        {(tab) => (
          <>
            {tab === 'newslettertemplates' ? null : <FilterBar filter={filter} onChange={changeFilter} />}
            {tab === 'newslettertemplates' ? (
              <TemplatesTab list={templates} page={pages.newslettertemplates} onPage={(p) => setPages((s) => ({ ...s, newslettertemplates: p }))} />
            ) : (
              <LogTab list={log} page={pages.newsletterlog} onPage={(p) => setPages((s) => ({ ...s, newsletterlog: p }))} />
            )}
          </>
        )}
      </HashTabsCard>
    </Box>
  );
}

NewslettersPage.path = '/newsletters';
