import { useState, type ReactNode } from 'react';
import { Alert, Button, Card, CardContent, Chip, Stack, Typography } from '@mui/material';
import CheckCircleIcon from '@mui/icons-material/CheckCircle';
import { useQuery } from '@tanstack/react-query';
import { Link as RouterLink } from 'react-router-dom';
import { Loading, useNotify, useTranslate } from 'react-admin';
import type { Company } from '../../../schema/company';
import type { QueryResponse } from '../../../schema/common';
import type { Service } from '../../../schema/services';
import { apiErrorInfo, useApi } from '../../common/api';
import { PageHeading } from '../../common/PageHeading';
import { useCompany, useSetCompany } from '../../common/useCompany';
import { useRefreshSetupProgress, useSetupProgress } from './progress';

/** What the page says for each company status (core.md: 1 registered … 6 not approved). */
const STATUS_SEVERITY: Record<number, 'info' | 'warning' | 'success' | 'error'> = { 1: 'info', 2: 'warning', 3: 'success', 4: 'error', 5: 'error', 6: 'error' };

function Step({ number, title, done, children }: { number: number; title: string; done: boolean; children: ReactNode }) {
  const translate = useTranslate();
  return (
    <Card variant="outlined">
      <CardContent>
        <Stack direction="row" spacing={1} sx={{ alignItems: 'center', mb: 1 }}>
          {done ? <CheckCircleIcon color="success" titleAccess={translate('setupAccount.setup.done')} /> : <Chip size="small" label={number} aria-hidden />}
          <Typography variant="h6" component="h3">
            {translate(title)}
          </Typography>
        </Stack>
        {children}
      </CardContent>
    </Card>
  );
}

/** The approval step's text: what to do while registered, else where the company stands. */
function approvalText(status: number, serviceCount: number): string {
  if (status === 1) return serviceCount > 0 ? 'setupAccount.setup.approvalIntro' : 'setupAccount.setup.approvalNeedsService';
  return status === 2 ? 'setupAccount.setup.approvalSent' : `setupAccount.setup.status.${status}`;
}

/**
 * /setup-account: a new company's first steps. Its status (registered, awaiting approval,
 * approved, …), the first service (the wizard at /setup-account/create-service; done once a
 * service can be booked) and sending the company for approval once it has a service.
 */
export default function SetupAccountPage() {
  const translate = useTranslate();
  const api = useApi();
  const notify = useNotify();
  const setCompany = useSetCompany();
  const { company, isPending } = useCompany();
  const [sending, setSending] = useState(false);
  const services = useQuery({
    queryKey: ['custom', 'setupAccount', 'services'],
    queryFn: async () => (await api.call<QueryResponse<Service>>('GET', '/services', { query: { Take: 1 } })).Total,
  });
  const { progress, isPending: progressPending } = useSetupProgress();
  const refreshProgress = useRefreshSetupProgress();

  if (isPending || services.isPending || progressPending) return <Loading />;
  if (!company) return <Alert severity="error">{translate('custom.common.loadError')}</Alert>;
  const serviceCount = services.data ?? 0;
  // The first step is done when customers can book a service (a price, a resource and a schedule).
  const bookable = progress?.HasBookableService ?? serviceCount > 0;
  const status = company.StatusId;

  const sendForApproval = async () => {
    setSending(true);
    try {
      setCompany(await api.call<Company>('PUT', `/companies/${company.Id}/sendforapproval`));
      refreshProgress();
      notify('custom.company.status.sent', { type: 'success' });
    } catch (error) {
      notify(apiErrorInfo(error).message || 'errors.somethingWentWrong', { type: 'error' });
    } finally {
      setSending(false);
    }
  };

  return (
    <>
      <PageHeading title="setupAccount.setup.title" subtitle={translate('setupAccount.setup.intro', { company: company.Name })} />
      <Alert severity={STATUS_SEVERITY[status] ?? 'info'} sx={{ mb: 2 }} role="status">
        <strong>
          {translate('custom.company.status.label')} {translate(`custom.company.status.names.${status}`)}
        </strong>
        {' · '}
        {translate(`setupAccount.setup.status.${status}`)}
      </Alert>
      <Stack spacing={2}>
        <Step number={1} title="setupAccount.setup.serviceStep" done={bookable}>
          <Typography variant="body2" sx={{ mb: 2 }}>
            {translate(bookable ? 'setupAccount.setup.serviceDone' : serviceCount > 0 ? 'setupAccount.setup.serviceNotBookable' : 'setupAccount.setup.serviceIntro', {
              smart_count: serviceCount,
            })}
          </Typography>
          <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1}>
            <Button component={RouterLink} to="/setup-account/create-service" variant={bookable ? 'outlined' : 'contained'}>
              {translate(serviceCount > 0 ? 'setupAccount.setup.createAnother' : 'setupAccount.setup.createService')}
            </Button>
            {serviceCount > 0 && (
              <Button component={RouterLink} to="/services">
                {translate('setupAccount.setup.openServices')}
              </Button>
            )}
          </Stack>
        </Step>
        <Step number={2} title="setupAccount.setup.approvalStep" done={status !== 1}>
          <Typography variant="body2" sx={{ mb: 2 }}>
            {translate(approvalText(status, serviceCount))}
          </Typography>
          {status === 1 && (
            <Button variant="contained" onClick={() => void sendForApproval()} disabled={sending || serviceCount === 0}>
              {translate('custom.company.status.sendForApproval')}
            </Button>
          )}
        </Step>
      </Stack>
    </>
  );
}
