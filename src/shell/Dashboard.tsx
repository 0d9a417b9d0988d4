import { Card, CardActionArea, CardContent, Grid, Typography } from '@mui/material';
import { Title, useTranslate } from 'react-admin';
import { Link as RouterLink } from 'react-router-dom';
import { fullNameOf, useProfile } from '../auth/profile';

const LINKS = [
  { to: '/scheduler', screen: 'scheduler' },
  { to: '/bookings', screen: 'bookings' },
  { to: '/services', screen: 'services' },
  { to: '/customers', screen: 'customers' },
  { to: '/company', screen: 'company' },
  { to: '/support', screen: 'support' },
];

/** /dashboard and /licenses: a welcome with the company name and the main places to go. */
export function Dashboard() {
  const translate = useTranslate();
  const profile = useProfile();
  return (
    <>
      <Title title={translate('shell.dashboard.title')} />
      <Typography variant="h4" component="h2" sx={{ mt: 1 }}>
        {translate('shell.dashboard.welcome', { name: profile ? fullNameOf(profile) : '' })}
      </Typography>
      {profile?.Company?.Name && (
        <Typography variant="subtitle1" color="text.secondary" sx={{ mb: 3 }}>
          {profile.Company.Name}
        </Typography>
      )}
      <Grid container spacing={2}>
        {LINKS.map((link) => (
          <Grid key={link.to} size={{ xs: 12, sm: 6, md: 4 }}>
            <Card variant="outlined">
              <CardActionArea component={RouterLink} to={link.to}>
                <CardContent>
                  <Typography variant="h6" component="h2">
                    {translate(`shell.screens.${link.screen}`)}
                  </Typography>
                  <Typography variant="body2" color="text.secondary">
                    {translate(`shell.dashboard.hints.${link.screen}`)}
                  </Typography>
                </CardContent>
              </CardActionArea>
            </Card>
          </Grid>
        ))}
      </Grid>
    </>
  );
}
Dashboard.path = '/dashboard';
