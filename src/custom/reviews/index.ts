import RateReviewIcon from '@mui/icons-material/RateReviewOutlined';
import type { PageEntry } from '../../common/registry';

/** Reviews (issue 36): /reviews, customers' ratings and comments after their visits, the averages, hiding with a reason. */
export const reviewPages: PageEntry[] = [{ path: '/reviews', load: () => import('./ReviewsPage'), menu: { group: 'customers', label: 'custom.reviews.menu', icon: RateReviewIcon } }];
