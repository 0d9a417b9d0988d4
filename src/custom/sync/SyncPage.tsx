import { useState } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert, Box, Card, CardContent, FormControl, InputLabel, MenuItem, Select, Stack, Typography } from '@mui/material';
import { Loading, useNotify, useTranslate } from 'react-admin';
import type { IcalSync, IcalSyncList } from '../../../schema/sync';
import { apiErrorInfo, useApi } from '../../common/api';
import { PageHeading } from '../../common/PageHeading';
import { FeedRow } from './FeedRow';
import { GoogleCard } from './GoogleCard';

export const FEEDS_KEY = ['sync', 'feeds'] as const;

interface Named {
  Id: number;
  Name: string;
}

type Scope = { Own?: true; ResourceId?: number };

const queryOf = (scope: Scope) => (scope.Own ? '?Own=true' : scope.ResourceId ? `?ResourceId=${scope.ResourceId}` : '');

/** /sync: the calendar feeds (the company's, the caller's own bookings', each resource's) with copy, new URL and revoke. */
export default function SyncPage() {
  const api = useApi();
  const translate = useTranslate();
  const notify = useNotify();
  const queryClient = useQueryClient();
  const [busy, setBusy] = useState(false);
  const [adding, setAdding] = useState<number | ''>('');
  const feeds = useQuery({ queryKey: FEEDS_KEY, queryFn: () => api.call<IcalSyncList>('GET', '/sync/icalsync/feeds') });
  const resources = useQuery({ queryKey: ['sync', 'resources'], queryFn: () => api.call<{ Results: Named[] }>('GET', '/resource') });

  const act = async (method: 'POST' | 'DELETE', scope: Scope, done: string) => {
    setBusy(true);
    try {
      if (method === 'POST') await api.call<IcalSync>('POST', '/sync/icalsync', { body: scope });
      else await api.call('DELETE', `/sync/icalsync${queryOf(scope)}`);
      await queryClient.invalidateQueries({ queryKey: FEEDS_KEY });
      notify(done, { type: 'success' });
    } catch (e) {
      notify(apiErrorInfo(e).message || 'custom.common.unknownError', { type: 'error' });
    } finally {
      setBusy(false);
    }
  };

  const list = feeds.data?.Feeds ?? [];
  const company = list.find((f) => f.Scope === 'company');
  const own = list.find((f) => f.Scope === 'user');
  const byResource = list.filter((f) => f.Scope === 'resource');
  const unused = (resources.data?.Results ?? []).filter((r) => !byResource.some((f) => f.ResourceId === r.Id));
  const row = (label: string, feed: IcalSync | undefined, scope: Scope) => (
    <FeedRow
      key={label}
      label={label}
      feed={feed}
      busy={busy}
      onCreate={() => void act('POST', scope, feed ? 'custom.sync.renewed' : 'custom.sync.created')}
      onRevoke={() => void act('DELETE', scope, 'custom.sync.revoked')}
    />
  );

  return (
    <Box sx={{ contain: 'inline-size' }}>
      <PageHeading title="custom.sync.title" />
      <Stack spacing={2}>
      <GoogleCard />
      <Card>
        <CardContent>
          <Typography variant="h6" component="h2">
            {translate('custom.sync.icalTitle')}
          </Typography>
          <Alert severity="info" sx={{ my: 1 }}>
            {translate('custom.sync.icalInfo')}
          </Alert>
          {feeds.isPending ? (
            <Loading />
          ) : feeds.error ? (
            <Alert severity="error">{apiErrorInfo(feeds.error).message}</Alert>
          ) : (
            <Stack>
              {row(translate('custom.sync.companyFeed'), company, {})}
              {row(translate('custom.sync.ownFeed'), own, { Own: true })}
              {byResource.map((f) => row(translate('custom.sync.resourceFeed', { name: f.Name }), f, { ResourceId: f.ResourceId }))}
              {unused.length > 0 && (
                <FormControl size="small" sx={{ mt: 2, minWidth: 240, maxWidth: '100%' }}>
                  <InputLabel id="sync-add-resource">{translate('custom.sync.addResource')}</InputLabel>
                  <Select
                    labelId="sync-add-resource"
                    label={translate('custom.sync.addResource')}
                    value={adding}
                    disabled={busy}
                    onChange={(e) => {
                      const id = Number(e.target.value);
                      setAdding('');
                      void act('POST', { ResourceId: id }, 'custom.sync.created');
                    }}
                  >
                    {unused.map((r) => (
                      <MenuItem key={r.Id} value={r.Id}>
                        {r.Name}
                      </MenuItem>
                    ))}
                  </Select>
                </FormControl>
              )}
            </Stack>
          )}
        </CardContent>
      </Card>
      </Stack>
    </Box>
  );
}

SyncPage.path = '/sync';
