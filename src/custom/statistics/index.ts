import InsightsIcon from '@mui/icons-material/InsightsOutlined';
import type { PageEntry } from '../../common/registry';

/** Statistics (issue 37): /statistics, a range's figures beside the range before, charts with tables and exports. */
export const statisticsPages: PageEntry[] = [{ path: '/statistics', load: () => import('./StatisticsPage'), menu: { group: 'top', label: 'custom.statistics.menu', icon: InsightsIcon } }];
