import type { ReactNode } from 'react';
import { Paper, Typography } from '@mui/material';
import { useTranslate } from 'react-admin';

/** The heading level of the widget's sections (h3 inside a page that has its own h2). */
export type Heading = 'h2' | 'h3';

/** One titled part of the new-booking widget (service, time, customer, …): an outlined section with its heading. */
export function Section({ title, heading, children }: { title: string; heading: Heading; children: ReactNode }) {
  const translate = useTranslate();
  return (
    <Paper component="section" variant="outlined" sx={{ p: { xs: 1.5, sm: 2 }, display: 'grid', gap: 1.5, minWidth: 0 }}>
      <Typography variant="h6" component={heading}>
        {translate(title)}
      </Typography>
      {children}
    </Paper>
  );
}
