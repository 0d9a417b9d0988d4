import type { ReactNode } from 'react';
import { Box, Stack, Typography } from '@mui/material';
import { useTranslate } from 'react-admin';

/** A titled block of the booking page. */
export function Section({ title, children, action }: { title: string; children: ReactNode; action?: ReactNode }) {
  const translate = useTranslate();
  return (
    <Box component="section" sx={{ minWidth: 0 }}>
      <Stack direction="row" spacing={1} sx={{ alignItems: 'center', justifyContent: 'space-between', flexWrap: 'wrap', mb: 1 }}>
        <Typography variant="subtitle1" component="h3" sx={{ fontWeight: 600 }}>
          {translate(title)}
        </Typography>
        {action}
      </Stack>
      {children}
    </Box>
  );
}
