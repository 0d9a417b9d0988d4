import { Box, Card, CardContent, Typography } from '@mui/material';
import TrendingUpIcon from '@mui/icons-material/TrendingUp';
import TrendingDownIcon from '@mui/icons-material/TrendingDown';
import { useLocaleState, useTranslate } from 'react-admin';
import type { Statistics } from '../../../schema/statistics';
import { changeText, FIGURE_KEYS, formatFigure } from './format';

/** The range's main figures, each with its change against the compared range (text, not colour alone). */
export function FigureCards({ stats }: { stats: Statistics }) {
  const translate = useTranslate();
  const [locale] = useLocaleState();
  return (
    <Box component="ul" sx={{ listStyle: 'none', p: 0, m: 0, display: 'grid', gap: 2, gridTemplateColumns: 'repeat(auto-fill, minmax(170px, 1fr))' }}>
      {FIGURE_KEYS.map((key) => {
        const now = stats.Totals[key];
        const before = stats.CompareTotals[key];
        const change = changeText(now, before, locale);
        const beforeText = formatFigure(key, before, stats.CurrencyId, locale, translate);
        const up = now !== null && before !== null && now > before;
        const Icon = up ? TrendingUpIcon : TrendingDownIcon;
        return (
          <Card component="li" key={key} variant="outlined">
            <CardContent>
              <Typography variant="body2" color="text.secondary" component="h3">
                {translate(`custom.statistics.figures.${key}`)}
              </Typography>
              <Typography variant="h5" component="p">
                {formatFigure(key, now, stats.CurrencyId, locale, translate)}
              </Typography>
              <Typography variant="caption" color="text.secondary" sx={{ display: 'flex', alignItems: 'center', gap: 0.5 }}>
                {change && <Icon fontSize="inherit" aria-hidden />}
                {change ? translate('custom.statistics.change.up', { change, before: beforeText }) : translate('custom.statistics.change.none')}
              </Typography>
            </CardContent>
          </Card>
        );
      })}
    </Box>
  );
}
