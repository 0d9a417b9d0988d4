import { Button, Card, CardContent, Stack, Typography } from '@mui/material';
import ConstructionIcon from '@mui/icons-material/Construction';
import { Title, useTranslate } from 'react-admin';
import { Link as RouterLink } from 'react-router-dom';

export interface NotYetAvailableProps {
  /** Key under shell.screens naming the screen. */
  screen: string;
}

/** The page for a screen whose area is not built yet: names the screen, offers the way back. */
export function NotYetAvailable({ screen }: NotYetAvailableProps) {
  const translate = useTranslate();
  const name = translate(`shell.screens.${screen}`, { _: screen });
  return (
    <Card sx={{ mt: 2 }}>
      <Title title={name} />
      <CardContent>
        <Stack spacing={2} sx={{ alignItems: 'flex-start' }}>
          <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
            <ConstructionIcon color="action" />
            <Typography variant="h5" component="h2">
              {name}
            </Typography>
          </Stack>
          <Typography>{translate('shell.notYetAvailable.message', { screen: name })}</Typography>
          <Button component={RouterLink} to="/dashboard" variant="outlined">
            {translate('shell.notYetAvailable.back')}
          </Button>
        </Stack>
      </CardContent>
    </Card>
  );
}
