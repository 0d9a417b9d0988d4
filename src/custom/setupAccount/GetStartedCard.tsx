import { Box, Button, Card, CardContent, Stack, Typography } from '@mui/material';
import RocketLaunchIcon from '@mui/icons-material/RocketLaunch';
import { Link as RouterLink } from 'react-router-dom';
import { useTranslate } from 'react-admin';
import { GET_STARTED_PATH, getStartedOpen, useSetupProgress } from './progress';

/**
 * The dashboard's "Get started" card: shown while the company has steps left (no bookable service
 * yet, or not yet sent for approval), saying which, with the way to /setup-account.
 */
export function GetStartedCard() {
  const translate = useTranslate();
  const { progress } = useSetupProgress();
  if (!progress || !getStartedOpen(progress)) return null;
  return (
    <Card component="section" aria-labelledby="get-started-title" variant="outlined" sx={{ borderColor: 'primary.main', borderWidth: 2 }}>
      <CardContent>
        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ alignItems: { sm: 'center' } }}>
          <RocketLaunchIcon color="primary" fontSize="large" aria-hidden />
          <Box sx={{ flex: 1 }}>
            <Typography id="get-started-title" variant="h6" component="h2">
              {translate('setupAccount.card.title')}
            </Typography>
            <Typography variant="body2" color="text.secondary">
              {translate(progress.HasBookableService ? 'setupAccount.card.approval' : 'setupAccount.card.service')}
            </Typography>
          </Box>
          <Button component={RouterLink} to={GET_STARTED_PATH} variant="contained" sx={{ flexShrink: 0 }}>
            {translate('setupAccount.card.open')}
          </Button>
        </Stack>
      </CardContent>
    </Card>
  );
}
