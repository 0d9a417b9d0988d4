import { useId, useState, type ReactNode } from 'react';
import { Box, Button, Card, CardContent, Stack, Table, TableBody, TableCell, TableContainer, TableHead, TableRow, ToggleButton, ToggleButtonGroup, Typography } from '@mui/material';
import DownloadIcon from '@mui/icons-material/Download';
import { useLocaleState, useTranslate } from 'react-admin';
import { exportTable, type TableData } from './exportTable';

/**
 * One part of the statistics screen: a heading, a chart with its text alternative (the summary,
 * which the chart's figure is described by, shown under it for everyone), the same numbers as a
 * table (Show as: chart or table; a section without a chart is its table), and CSV and Excel exports of that table.
 */
export function ChartSection({ title, summary, table, file, chart, empty }: { title: string; summary: string; table: TableData; file: string; chart?: ReactNode; empty?: string }) {
  const translate = useTranslate();
  const [locale] = useLocaleState();
  const [chosen, setView] = useState<'chart' | 'table'>('chart');
  const view = chart ? chosen : 'table';
  const headingId = useId();
  const summaryId = useId();
  const hasRows = table.rows.length > 0;
  return (
    <Card component="section" aria-labelledby={headingId}>
      <CardContent>
        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1} sx={{ justifyContent: 'space-between', alignItems: { sm: 'center' }, mb: 1 }}>
          <Typography variant="h6" component="h3" id={headingId}>
            {title}
          </Typography>
          {hasRows && (
            <Stack direction="row" spacing={1} sx={{ flexWrap: 'wrap', rowGap: 1 }}>
              {chart && (
              <ToggleButtonGroup size="small" exclusive value={view} onChange={(_, v: 'chart' | 'table' | null) => v && setView(v)} aria-label={translate('custom.statistics.view.label')}>
                <ToggleButton value="chart">{translate('custom.statistics.view.chart')}</ToggleButton>
                <ToggleButton value="table">{translate('custom.statistics.view.table')}</ToggleButton>
              </ToggleButtonGroup>
              )}
              {(['csv', 'xlsx'] as const).map((kind) => (
                <Button
                  key={kind}
                  size="small"
                  variant="outlined"
                  startIcon={<DownloadIcon />}
                  aria-label={`${translate(`custom.statistics.export.${kind === 'csv' ? 'csv' : 'excel'}`)} (${translate('custom.statistics.export.label', { what: title })})`}
                  onClick={() => void exportTable(table, kind, file, locale)}
                >
                  {translate(`custom.statistics.export.${kind === 'csv' ? 'csv' : 'excel'}`)}
                </Button>
              ))}
            </Stack>
          )}
        </Stack>
        {!hasRows ? (
          <Typography color="text.secondary">{empty}</Typography>
        ) : view === 'chart' ? (
          <Box component="figure" sx={{ m: 0 }} aria-labelledby={headingId} aria-describedby={summaryId}>
            {chart}
            <Typography component="figcaption" id={summaryId} variant="body2" color="text.secondary" sx={{ mt: 1 }}>
              {summary}
            </Typography>
          </Box>
        ) : (
          <DataTable table={table} caption={chart ? summary : undefined} />
        )}
      </CardContent>
    </Card>
  );
}

/** The table view of a section: the same numbers as its chart and its exports. */
export function DataTable({ table, caption }: { table: TableData; caption?: string }) {
  return (
    <TableContainer sx={{ maxHeight: 480 }} tabIndex={0} role="region" aria-label={caption}>
      <Table size="small" stickyHeader>
        {caption && <caption style={{ captionSide: 'top', textAlign: 'left', padding: '4px 0' }}>{caption}</caption>}
        <TableHead>
          <TableRow>
            {table.header.map((h, i) => (
              <TableCell key={h} align={i === 0 ? 'left' : 'right'} scope="col">
                {h}
              </TableCell>
            ))}
          </TableRow>
        </TableHead>
        <TableBody>
          {table.rows.map((row, r) => (
            <TableRow key={r}>
              {row.map((cell, i) =>
                i === 0 ? (
                  <TableCell key={i} component="th" scope="row">
                    {cell}
                  </TableCell>
                ) : (
                  <TableCell key={i} align="right">
                    {cell}
                  </TableCell>
                ),
              )}
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </TableContainer>
  );
}
