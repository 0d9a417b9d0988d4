import { Card, CardActionArea, CardContent, Stack, Typography } from '@mui/material';
import { useTranslate } from 'react-admin';
import { Link } from 'react-router-dom';
import { PageHeading } from '../../common/PageHeading';

/** /support: the way to the manuals and to the cases (open a new one or follow one). */
export default function SupportPage() {
  const translate = useTranslate();
  const cards = [
    { to: '/support/tickets', title: 'custom.support.tickets.title', text: 'custom.support.tickets.intro' },
    { to: '/support/tickets/new', title: 'custom.support.new.title', text: 'custom.support.new.intro' },
    { to: '/support/manuals', title: 'custom.support.manuals.title', text: 'custom.support.manuals.intro' },
  ];
  return (
    <>
      <PageHeading title="custom.support.title" subtitle={translate('custom.support.intro')} />
      <Stack direction={{ xs: 'column', md: 'row' }} spacing={2}>
        {cards.map((c) => (
          <Card key={c.to} sx={{ flex: 1 }}>
            <CardActionArea component={Link} to={c.to} sx={{ height: '100%' }}>
              <CardContent>
                <Typography variant="h6" component="h3">
                  {translate(c.title)}
                </Typography>
                <Typography variant="body2" color="text.secondary">
                  {translate(c.text)}
                </Typography>
              </CardContent>
            </CardActionArea>
          </Card>
        ))}
      </Stack>
    </>
  );
}
