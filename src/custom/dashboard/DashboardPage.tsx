import type { ComponentType, ReactNode } from 'react';
import { Box, Card, CardActionArea, CardContent, Skeleton, Stack, Typography } from '@mui/material';
import type { SvgIconProps } from '@mui/material';
import EventIcon from '@mui/icons-material/Event';
import CalendarMonthIcon from '@mui/icons-material/CalendarMonth';
import SpaIcon from '@mui/icons-material/Spa';
import PeopleIcon from '@mui/icons-material/People';
import LocalOfferIcon from '@mui/icons-material/LocalOffer';
import BusinessIcon from '@mui/icons-material/Business';
import { LinkBase, Title, useGetIdentity, useGetList, useTranslate } from 'react-admin';
import { useCompany } from '../../common/useCompany';
import { useCanOpen } from '../../auth/roles';
import { useLocation } from 'react-router-dom';
import { LicenseFlow } from '../licenses/LicenseFlow';
import { IncentiveModal } from '../licenses/IncentiveModal';
import { GetStartedCard } from '../setupAccount/GetStartedCard';
import { useGetStartedAfterSignIn } from '../setupAccount/progress';
import { TodayAtAGlance } from './Today';
import InsightsIcon from '@mui/icons-material/InsightsOutlined';

/** Total of a resource from a one-record page (the API's Total), never counted in the browser. */
/** The grey line under a card's title. */
function Caption({ text }: { text: string }) {
  return (
    <Typography variant="body2" color="text.secondary">
      {text}
    </Typography>
  );
}

function useTotal(resource: string): { total: number | undefined; isPending: boolean } {
  const { total, isPending } = useGetList(resource, { pagination: { page: 1, perPage: 1 }, sort: { field: 'Id', order: 'ASC' } });
  return { total, isPending };
}

function CountCard({ resource, label, icon: Icon, to }: { resource: string; label: string; icon: ComponentType<SvgIconProps>; to: string }) {
  const translate = useTranslate();
  const { total, isPending } = useTotal(resource);
  return (
    <Card>
      <CardActionArea component={LinkBase} to={to} sx={{ height: '100%' }}>
        <CardContent>
          <Stack direction="row" spacing={2} sx={{ alignItems: 'center' }}>
            <Box sx={{ display: 'flex', p: 1.5, borderRadius: 2, bgcolor: 'primary.main', color: 'primary.contrastText' }}>
              <Icon />
            </Box>
            <div>
              <Typography variant="h4" component="p" aria-label={translate(label)}>
                {isPending ? <Skeleton width={48} /> : (total ?? '–')}
              </Typography>
              <Caption text={translate(label)} />
            </div>
          </Stack>
        </CardContent>
      </CardActionArea>
    </Card>
  );
}

const LINKS: { to: string; label: string; description: string; icon: ComponentType<SvgIconProps> }[] = [
  { to: '/scheduler', label: 'custom.dashboard.links.scheduler', description: 'custom.dashboard.links.schedulerText', icon: CalendarMonthIcon },
  { to: '/bookings', label: 'custom.dashboard.links.bookings', description: 'custom.dashboard.links.bookingsText', icon: EventIcon },
  { to: '/statistics', label: 'custom.dashboard.links.statistics', description: 'custom.dashboard.links.statisticsText', icon: InsightsIcon },
  { to: '/services', label: 'custom.dashboard.links.services', description: 'custom.dashboard.links.servicesText', icon: SpaIcon },
  { to: '/customers', label: 'custom.dashboard.links.customers', description: 'custom.dashboard.links.customersText', icon: PeopleIcon },
  { to: '/promo-codes', label: 'custom.dashboard.links.promoCodes', description: 'custom.dashboard.links.promoCodesText', icon: LocalOfferIcon },
  { to: '/company', label: 'custom.dashboard.links.company', description: 'custom.dashboard.links.companyText', icon: BusinessIcon },
];

function Grid({ min, children }: { min: number; children: ReactNode }) {
  return <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: `repeat(auto-fill, minmax(${min}px, 1fr))` }}>{children}</Box>;
}

/**
 * /dashboard and /licenses: a welcome with the company name, "Get started" while a new company has
 * steps left, today at a glance and the week ahead, quick counts and the main screens; /licenses
 * opens at the license plans.
 */
export default function DashboardPage() {
  const translate = useTranslate();
  const { company } = useCompany();
  const { identity } = useGetIdentity();
  const canOpen = useCanOpen();
  const firstName = identity?.fullName?.split(' ')[0];
  // /licenses is the same screen opened at the plans (where Upgrade leads).
  const atLicenses = useLocation().pathname === '/licenses';
  // A sign-in lands here; a company without a bookable service goes on to "Get started".
  useGetStartedAfterSignIn();
  return (
    <Stack spacing={3}>
      <Title title={translate('shell.screens.dashboard')} />
      {atLicenses && <LicenseFlow />}
      {canOpen('/licenses') && <IncentiveModal />}
      <Box>
        <Typography variant="overline" color="text.secondary">
          {company?.Name ?? <Skeleton width={200} />}
        </Typography>
        <Typography variant="h4" component="h2">
          {firstName ? translate('custom.dashboard.welcomeName', { name: firstName }) : translate('custom.dashboard.welcome')}
        </Typography>
        <Typography variant="body1" color="text.secondary">
          {translate('custom.dashboard.intro')}
        </Typography>
      </Box>
      <GetStartedCard />
      <TodayAtAGlance />
      <Grid min={150}>
        {canOpen('/services') && <CountCard resource="services" label="custom.dashboard.counts.services" icon={SpaIcon} to="/services" />}
        {canOpen('/customers') && <CountCard resource="customers" label="custom.dashboard.counts.customers" icon={PeopleIcon} to="/customers" />}
      </Grid>
      <Box>
        <Typography variant="h6" component="h2" sx={{ mb: 1 }}>
          {translate('custom.dashboard.shortcuts')}
        </Typography>
        <Grid min={260}>
          {LINKS.filter((link) => canOpen(link.to)).map(({ to, label, description, icon: Icon }) => (
            <Card key={to} variant="outlined">
              <CardActionArea component={LinkBase} to={to} sx={{ height: '100%' }}>
                <CardContent>
                  <Stack direction="row" spacing={2} sx={{ alignItems: 'flex-start' }}>
                    <Icon color="primary" />
                    <div>
                      <Typography variant="subtitle1" component="h3">
                        {translate(label)}
                      </Typography>
                      <Caption text={translate(description)} />
                    </div>
                  </Stack>
                </CardContent>
              </CardActionArea>
            </Card>
          ))}
        </Grid>
      </Box>
    </Stack>
  );
}

DashboardPage.path = '/dashboard';
