import { useState } from 'react';
import { Button, Card, CardContent, Stack, Typography } from '@mui/material';
import ReplayIcon from '@mui/icons-material/Replay';
import { useNotify, useTranslate } from 'react-admin';
import { useQueryClient } from '@tanstack/react-query';
import type { WebhookQueuedMessages } from '../../../schema/webhooks';
import { apiErrorInfo, useApi } from '../../common/api';
import { Picker } from '../../common/inputs/DateTimeInputs';

/**
 * Replay on an endpoint's page: every message to it that failed since the chosen time is sent
 * again (POST /webhook/endpoints/{id}/replay), e.g. after its receiver was down for a night.
 * @example <ReplayCard endpointId={7} />
 */
export function ReplayCard({ endpointId }: { endpointId: number }) {
  const translate = useTranslate();
  const notify = useNotify();
  const api = useApi();
  const queryClient = useQueryClient();
  const [since, setSince] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const replay = async () => {
    if (!since) return;
    setBusy(true);
    try {
      const { MessageIds } = await api.call<WebhookQueuedMessages>('POST', `/webhook/endpoints/${endpointId}/replay`, { body: { Since: since } });
      notify('custom.webhooks.replayed', { type: 'success', messageArgs: { smart_count: MessageIds.length } });
      await queryClient.invalidateQueries({ queryKey: ['webhooks'] });
    } catch (error) {
      notify(apiErrorInfo(error).message || 'custom.common.unknownError', { type: 'error' });
    } finally {
      setBusy(false);
    }
  };

  return (
    <Card>
      <CardContent>
        <Typography variant="h6" component="h2" gutterBottom>
          {translate('custom.webhooks.replayTitle')}
        </Typography>
        <Typography variant="body2" sx={{ mb: 2 }}>
          {translate('custom.webhooks.replayHelp')}
        </Typography>
        <Stack direction="row" spacing={2} useFlexGap sx={{ flexWrap: 'wrap', alignItems: 'center' }}>
          <Picker kind="datetime" label={translate('custom.webhooks.replaySince')} value={since} onChange={setSince} required />
          <Button variant="outlined" startIcon={<ReplayIcon />} disabled={!since || busy} onClick={() => void replay()}>
            {translate('custom.webhooks.replay')}
          </Button>
        </Stack>
      </CardContent>
    </Card>
  );
}
