import WebhookIcon from '@mui/icons-material/Webhook';
import type { PageEntry } from '../../common/registry';

/** /webhook-settings (tabs general, endpoints, messages) in the settings group, and the endpoint form. */
export const webhookPages: PageEntry[] = [
  { path: '/webhook-settings', load: () => import('./WebhookSettingsPage'), menu: { group: 'settings', label: 'custom.webhooks.menu', icon: WebhookIcon } },
  { path: '/webhooks/endpoint/new', load: () => import('./EndpointPage') },
  { path: '/webhooks/endpoint/:id', load: () => import('./EndpointPage') },
];
