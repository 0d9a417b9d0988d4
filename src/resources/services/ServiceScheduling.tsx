import { useState, type ReactElement, type ReactNode } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import DeleteIcon from '@mui/icons-material/Delete';
import EditIcon from '@mui/icons-material/Edit';
import {
  Alert,
  Box,
  Button,
  Chip,
  CircularProgress,
  IconButton,
  List,
  ListItem,
  ListItemText,
  MenuItem,
  Stack,
  TextField,
  Tooltip,
  Typography,
} from '@mui/material';
import { Confirm, useNotify, useRecordContext, useTranslate } from 'react-admin';
import type { DateSchedule, RecurringSchedule, ResourceType } from '../../../schema/availability';
import type { ServiceResourceType, ServiceSchedule } from '../../../schema/scheduling';
import type { Service } from '../../../schema/services';
import { useApi } from '../../common/api';
import type { WireRecord } from '../../engine/types';
import { MAX_TAKE } from '../../common/constants';
import { ResourcePicksDialog } from './ResourcePicksDialog';

interface Page<T> {
  Offset: number;
  Total: number;
  Results: T[];
}

const T = 'resources.services.scheduling';
const TAKE = { Take: MAX_TAKE };
const schedulePath = { RecurringSchedule: 'recurringschedules', DateSchedule: 'dateschedules' } as const;
const scheduleLabel = { RecurringSchedule: `${T}.recurring`, DateSchedule: `${T}.date` } as const;

type Removal = { kind: 'resourceType'; id: number; name: string } | { kind: 'schedule'; id: number; name: string; type: ServiceSchedule['ScheduleType'] };

const byName = <R extends { Name: string }>(a: R, b: R) => a.Name.localeCompare(b.Name);
const errorText = (error: unknown) => (error instanceof Error && error.message ? error.message : 'ra.notification.http_error');

/** The service's links: resource types, schedules and what can still be connected. */
function useServiceScheduling(serviceId: number) {
  const api = useApi();
  const linkedTypes = useQuery({
    queryKey: ['services', serviceId, 'resourcetypes'],
    queryFn: () => api.call<Page<ServiceResourceType>>('GET', `/services/${serviceId}/resourcetypes`),
  });
  const linkedSchedules = useQuery({
    queryKey: ['services', serviceId, 'schedules'],
    queryFn: () => api.call<Page<ServiceSchedule>>('GET', `/services/${serviceId}/schedules`),
  });
  const types = useQuery({ queryKey: ['resourcetypes', 'all'], queryFn: () => api.call<Page<ResourceType>>('GET', '/resourcetypes', { query: TAKE }) });
  const recurring = useQuery({
    queryKey: ['schedules/recurring', 'all'],
    queryFn: () => api.call<Page<RecurringSchedule>>('GET', '/schedules/recurring', { query: TAKE }),
  });
  const dated = useQuery({ queryKey: ['schedules/date', 'all'], queryFn: () => api.call<Page<DateSchedule>>('GET', '/schedules/date', { query: TAKE }) });
  return { linkedTypes, linkedSchedules, types, recurring, dated };
}

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Box component="section" sx={{ flex: 1, minWidth: 280 }}>
      <Typography variant="h6" component="h2" sx={{ mb: 1 }}>
        {title}
      </Typography>
      {children}
    </Box>
  );
}

/** What a section has connected: a spinner while loading, `empty` when there is nothing, else the list. */
function ConnectedList({ label, pending, empty, children }: { label: string; pending: boolean; empty: string; children: ReactElement[] }) {
  if (pending) return <CircularProgress size={24} />;
  if (children.length === 0) return <Typography color="text.secondary">{empty}</Typography>;
  return (
    <List dense aria-label={label}>
      {children}
    </List>
  );
}

/** The row under a list that connects one more: a picker, its options and the connect button. */
function AddRow({ children }: { children: ReactNode }) {
  return (
    // Wraps on a narrow screen: the picker, the count and the button stay on screen instead of running off its edge.
    <Stack direction="row" spacing={1} useFlexGap sx={{ mt: 2, alignItems: 'flex-start', flexWrap: 'wrap' }}>
      {children}
    </Stack>
  );
}

/**
 * The edit screen's "Resources & schedules" tab: the resource types the service needs (with the number
 * of resources a booking takes) and the schedules it follows; connect more, or disconnect one after a
 * confirmation. Failures show the server's message as an error notification.
 */
export function ServiceScheduling() {
  const service = useRecordContext<WireRecord<Service>>();
  if (!service) return null;
  return <ServiceSchedulingOf service={service} />;
}

function ServiceSchedulingOf({ service }: { service: WireRecord<Service> }) {
  const translate = useTranslate();
  const notify = useNotify();
  const api = useApi();
  const queryClient = useQueryClient();
  const { linkedTypes, linkedSchedules, types, recurring, dated } = useServiceScheduling(service.Id);
  const [typeId, setTypeId] = useState('');
  const [count, setCount] = useState('1');
  const [scheduleKey, setScheduleKey] = useState('');
  const [removal, setRemoval] = useState<Removal | null>(null);
  const [picking, setPicking] = useState<ServiceResourceType | null>(null);
  const [busy, setBusy] = useState(false);

  const connectedTypes = linkedTypes.data?.Results ?? [];
  const connectedSchedules = linkedSchedules.data?.Results ?? [];
  const freeTypes = (types.data?.Results ?? []).filter((t) => !connectedTypes.some((c) => c.Id === t.Id)).sort(byName);
  const isConnected = (type: ServiceSchedule['ScheduleType'], id: number) => connectedSchedules.some((s) => s.ScheduleType === type && s.Id === id);
  const freeRecurring = (recurring.data?.Results ?? []).filter((s) => !isConnected('RecurringSchedule', s.Id)).sort(byName);
  const freeDated = (dated.data?.Results ?? []).filter((s) => !isConnected('DateSchedule', s.Id)).sort(byName);
  const scheduleNames = new Map<string, string>([...freeRecurring.map((s) => [`RecurringSchedule:${s.Id}`, s.Name] as const), ...freeDated.map((s) => [`DateSchedule:${s.Id}`, s.Name] as const)]);
  const numberOfResources = Number(count);
  const countValid = Number.isInteger(numberOfResources) && numberOfResources >= 1 && numberOfResources <= 1000;

  const run = async (action: () => Promise<unknown>, done: string, refetch: 'resourcetypes' | 'schedules') => {
    setBusy(true);
    try {
      await action();
      notify(done, { type: 'info' });
      await queryClient.invalidateQueries({ queryKey: ['services', service.Id, refetch] });
      return true;
    } catch (error) {
      notify(errorText(error), { type: 'error' });
      return false;
    } finally {
      setBusy(false);
    }
  };

  const connectType = async () => {
    const ok = await run(
      () => api.call('POST', `/services/${service.Id}/resourcetypes`, { body: { ResourceTypeId: Number(typeId), NumberOfResources: numberOfResources } }),
      `${T}.connected`,
      'resourcetypes',
    );
    if (ok) {
      setTypeId('');
      setCount('1');
    }
  };

  const connectSchedule = async () => {
    const [type, id] = scheduleKey.split(':') as [ServiceSchedule['ScheduleType'], string];
    const ok = await run(() => api.call('POST', `/services/${service.Id}/${schedulePath[type]}`, { body: { ScheduleId: Number(id) } }), `${T}.connected`, 'schedules');
    if (ok) setScheduleKey('');
  };

  const remove = async () => {
    if (!removal) return;
    if (removal.kind === 'resourceType') {
      await run(() => api.call('DELETE', `/services/${service.Id}/resourcetypes/${removal.id}`), `${T}.removed`, 'resourcetypes');
    } else {
      await run(() => api.call('DELETE', `/services/${service.Id}/${schedulePath[removal.type]}/${removal.id}`), `${T}.removed`, 'schedules');
    }
    setRemoval(null);
  };

  const savePicks = (picks: number[] | null) =>
    picking
      ? run(
          () => api.call('PUT', `/services/${service.Id}/resourcetypes/${picking.Id}`, { body: { ResourceTypeId: picking.Id, Resources: picks && picks.map((Id) => ({ Id })) } }),
          `${T}.picks.saved`,
          'resourcetypes',
        )
      : Promise.resolve(false);

  const loadError = [linkedTypes, linkedSchedules, types, recurring, dated].find((q) => q.error)?.error;
  const removeButton = (label: string, next: Removal) => (
    <Tooltip title={translate(`${T}.remove`)}>
      <IconButton edge="end" aria-label={`${translate(`${T}.remove`)}: ${label}`} onClick={() => setRemoval(next)} disabled={busy}>
        <DeleteIcon />
      </IconButton>
    </Tooltip>
  );

  return (
    <Box sx={{ p: 2 }}>
      {loadError ? (
        <Alert severity="error" sx={{ mb: 2 }}>
          {translate(errorText(loadError), { _: errorText(loadError) })}
        </Alert>
      ) : null}
      <Stack direction={{ xs: 'column', md: 'row' }} spacing={4}>
        <Section title={translate(`${T}.resourceTypes`)}>
          <ConnectedList label={translate(`${T}.resourceTypes`)} pending={linkedTypes.isPending} empty={translate(`${T}.noResourceTypes`)}>
            {connectedTypes.map((t) => (
              <ListItem
                key={t.Id}
                divider
                sx={{ pr: 12 }}
                secondaryAction={
                  <>
                    <Tooltip title={translate(`${T}.picks.edit`)}>
                      <IconButton aria-label={`${translate(`${T}.picks.edit`)}: ${t.Name}`} onClick={() => setPicking(t)} disabled={busy}>
                        <EditIcon />
                      </IconButton>
                    </Tooltip>
                    {removeButton(t.Name, { kind: 'resourceType', id: t.Id, name: t.Name })}
                  </>
                }
              >
                <ListItemText
                  primary={t.Name}
                  secondary={[
                    translate(`${T}.numberOfResourcesValue`, { count: t.NumberOfResources }),
                    t.AllResources ? translate(`${T}.picks.allShort`) : translate(`${T}.picks.only`, { names: t.Resources.map((r) => r.Name).join(', ') }),
                  ].join(' · ')}
                />
              </ListItem>
            ))}
          </ConnectedList>
          <AddRow>
            <TextField select size="small"
              label={translate(`${T}.resourceType`)}
              value={typeId}
              onChange={(e) => setTypeId(e.target.value)}
              disabled={freeTypes.length === 0}
              sx={{ minWidth: { xs: '100%', sm: 200 }, flex: 1 }}
            >
              {freeTypes.map((t) => (
                <MenuItem key={t.Id} value={String(t.Id)}>
                  {t.Name}
                </MenuItem>
              ))}
            </TextField>
            <TextField
              size="small"
              type="number"
              label={translate(`${T}.numberOfResources`)}
              value={count}
              onChange={(e) => setCount(e.target.value)}
              error={!countValid}
              slotProps={{ htmlInput: { min: 1, max: 1000, step: 1 } }}
              sx={{ width: 180, flexShrink: 0 }}
            />
            <Button variant="contained" onClick={connectType} disabled={busy || !typeId || !countValid}>
              {translate(`${T}.connect`)}
            </Button>
          </AddRow>
        </Section>

        <Section title={translate(`${T}.schedules`)}>
          <ConnectedList label={translate(`${T}.schedules`)} pending={linkedSchedules.isPending} empty={translate(`${T}.noSchedules`)}>
            {connectedSchedules.map((s) => (
              <ListItem
                key={`${s.ScheduleType}:${s.Id}`}
                divider
                secondaryAction={removeButton(s.Name, { kind: 'schedule', id: s.Id, name: s.Name, type: s.ScheduleType })}
              >
                <ListItemText
                  primary={
                    <>
                      {s.Name}
                      {s.Active ? null : <Chip size="small" label={translate(`${T}.inactive`)} sx={{ ml: 1 }} />}
                    </>
                  }
                  secondary={translate(scheduleLabel[s.ScheduleType])}
                />
              </ListItem>
            ))}
          </ConnectedList>
          <AddRow>
            <TextField select size="small"
              label={translate(`${T}.schedule`)}
              value={scheduleKey}
              onChange={(e) => setScheduleKey(e.target.value)}
              slotProps={{ select: { renderValue: (key) => scheduleNames.get(String(key)) ?? '' } }}
              disabled={freeRecurring.length + freeDated.length === 0}
              sx={{ minWidth: { xs: '100%', sm: 240 } }}
            >
              {[...freeRecurring.map((s) => ({ ...s, type: 'RecurringSchedule' as const })), ...freeDated.map((s) => ({ ...s, type: 'DateSchedule' as const }))].map((s) => (
                <MenuItem key={`${s.type}:${s.Id}`} value={`${s.type}:${s.Id}`}>
                  <ListItemText primary={s.Name} secondary={translate(scheduleLabel[s.type])} />
                </MenuItem>
              ))}
            </TextField>
            <Button variant="contained" onClick={connectSchedule} disabled={busy || !scheduleKey}>
              {translate(`${T}.connect`)}
            </Button>
          </AddRow>
        </Section>
      </Stack>

      <ResourcePicksDialog
        link={picking}
        resources={(types.data?.Results ?? []).find((t) => t.Id === picking?.Id)?.Resources ?? []}
        serviceName={service.Name}
        onClose={() => setPicking(null)}
        onSave={savePicks}
      />
      <Confirm
        isOpen={removal !== null}
        loading={busy}
        title={removal?.kind === 'schedule' ? `${T}.removeScheduleTitle` : `${T}.removeResourceTypeTitle`}
        content={removal?.kind === 'schedule' ? `${T}.removeScheduleContent` : `${T}.removeResourceTypeContent`}
        translateOptions={{ name: removal?.name ?? '', service: service.Name }}
        confirm={`${T}.remove`}
        onConfirm={remove}
        onClose={() => setRemoval(null)}
      />
    </Box>
  );
}
