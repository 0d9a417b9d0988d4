import type { ReactNode } from 'react';
import { Box, Stack, Typography } from '@mui/material';
import { Title, useTranslate } from 'react-admin';

/**
 * The heading of a hand-built page, translated. The title also goes to the top bar, which holds each
 * screen's one level-one heading; the heading shown here is the level below it.
 */
export function PageHeading({ title, subtitle, action }: { title: string; subtitle?: ReactNode; action?: ReactNode }) {
  const translate = useTranslate();
  return (
    <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1} sx={{ justifyContent: 'space-between', alignItems: { sm: 'center' }, mb: 2 }}>
      <Title title={translate(title)} />
      <div>
        <Typography variant="h5" component="h2">
          {translate(title)}
        </Typography>
        {subtitle && (
          <Typography variant="body2" color="text.secondary">
            {subtitle}
          </Typography>
        )}
      </div>
      {action}
    </Stack>
  );
}

/** Form inputs in one column on phones and two from the small breakpoint up. */
export function FormGrid({ children }: { children: ReactNode }) {
  return <Box sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' }, columnGap: 2, alignItems: 'start' }}>{children}</Box>;
}

/** A form section heading inside a FormGrid, spanning both columns. */
export function FormSection({ title }: { title: string }) {
  const translate = useTranslate();
  return (
    <Typography variant="subtitle1" component="h2" sx={{ gridColumn: '1 / -1', mt: 1, mb: 1 }}>
      {translate(title)}
    </Typography>
  );
}

/** The button row at the end of a form. */
export function FormActions({ children }: { children: ReactNode }) {
  return <Stack direction="row" spacing={1} sx={{ justifyContent: 'flex-end', flexWrap: 'wrap', mt: 2 }}>{children}</Stack>;
}

/** A content width for single forms (change password, my account). */
export function NarrowPage({ children }: { children: ReactNode }) {
  return <Box sx={{ maxWidth: 720, width: '100%' }}>{children}</Box>;
}
