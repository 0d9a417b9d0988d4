import { Box } from '@mui/material';
import SettingsIcon from '@mui/icons-material/SettingsOutlined';
import LinkIcon from '@mui/icons-material/Link';
import HistoryIcon from '@mui/icons-material/History';
import { HashTabsCard } from '../../common/HashTabsCard';
import { PageHeading } from '../../common/PageHeading';
import { EndpointsTab } from './EndpointsTab';
import { GeneralTab } from './GeneralTab';
import { MessagesTab } from './MessagesTab';

export const WEBHOOK_TABS = ['general', 'endpoints', 'messages'] as const;

const TAB_ICONS = { general: <SettingsIcon />, endpoints: <LinkIcon />, messages: <HistoryIcon /> } as const;

/** /webhook-settings: whether webhooks are sent, the endpoints that hear them, and the delivery log (URL hash tabs). */
export default function WebhookSettingsPage() {
  return (
    <Box sx={{ contain: 'inline-size' }}>
      <PageHeading title="custom.webhooks.title" />
      <HashTabsCard id="webhooks" messages="custom.webhooks" tabs={WEBHOOK_TABS} icons={TAB_ICONS} panelSx={{ overflowX: 'auto' }}>
        {(tab) => (tab === 'general' ? <GeneralTab /> : tab === 'endpoints' ? <EndpointsTab /> : <MessagesTab />)}
      </HashTabsCard>
    </Box>
  );
}

WebhookSettingsPage.path = '/webhook-settings';
