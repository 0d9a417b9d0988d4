import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { screen, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { AdminUI, CustomRoutes, Resource } from 'react-admin';
import { Layout } from '../../src/shell/Layout';
import { RedirectToDashboard, shellRoutes } from '../../src/shell/routes';
import type { ShellMenuEntry } from '../../src/common/registry';
import { customPages } from '../../src/custom';
import { ROLE_IDS } from '../../schema/access/permissions';
import en from '../../locales/en.json' with { type: 'json' };
import { API, renderInAdmin, server } from './authHarness';

beforeAll(() => server.listen({ onUnhandledFrame: 'error' }));
afterEach(() => server.resetHandlers());
afterAll(() => server.close());

const menu: ShellMenuEntry[] = [
  { group: 'services', name: 'services', label: 'shell.screens.services', to: '/services' },
  { group: 'customers', name: 'customers', label: 'shell.screens.customers', to: '/customers' },
  { group: 'company', label: 'custom.company.menu', to: '/company' },
];

function renderAs(roles: number[], url: string) {
  server.use(
    http.get(`${API}/users/agreement`, () => HttpResponse.json({ AgreementId: 1, AgreedToLatest: true, Content: '', Documents: [] })),
    http.get(`${API}/companies`, () => HttpResponse.json({ Offset: 0, Total: 1, Results: [{ Id: 7, Name: 'Solrosens Yoga & Padel' }] })),
    http.get(`${API}/services`, () => HttpResponse.json({ Offset: 0, Total: 3, Results: [{ Id: 1 }] })),
    http.get(`${API}/customers`, () => HttpResponse.json({ Offset: 0, Total: 200, Results: [{ Id: 1 }] })),
  );
  const pages = customPages.filter((p) => p.path === '/company');
  return renderInAdmin(
    <AdminUI layout={Layout} catchAll={RedirectToDashboard} dashboard={RedirectToDashboard}>
      <Resource name="services" list={() => <div>Service list</div>} />
      <Resource name="customers" list={() => <div>Customer list</div>} />
      <CustomRoutes>{shellRoutes(pages, ['services', 'customers'])}</CustomRoutes>
    </AdminUI>,
    { url, lang: 'en', notification: false, menu, roles },
  );
}

const menuItems = async (): Promise<string[]> => {
  await screen.findAllByRole('menuitem', { name: /Dashboard/ });
  return screen.getAllByRole('menuitem').map((item) => item.getAttribute('href') ?? '');
};

describe('the admin by role', () => {
  it('shows Staff bookings, customers and services but no company, administrators, billing or settings', async () => {
    await renderAs([ROLE_IDS.Staff], '/dashboard');
    const hrefs = await menuItems();
    expect(hrefs).toEqual(expect.arrayContaining(['/scheduler', '/bookings', '/customers', '/services', '/schedules', '/resources']));
    for (const hidden of ['/company', '/administrators', '/booking-settings', '/system-settings', '/payment-settings', '/webhook-settings', '/promo-codes-value-cards', '/eaccounting/settings']) {
      expect(hrefs).not.toContain(hidden);
    }
    expect(screen.queryByText('Settings')).not.toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Upgrade' })).not.toBeInTheDocument();
  });

  it("shows the 'invalid role' message on a screen the role cannot use, reached by its address", async () => {
    await renderAs([ROLE_IDS.Staff], '/company');
    expect(await screen.findByText(en.apiMessages.invalidRole)).toBeInTheDocument();
    await renderAs([ROLE_IDS.Accountant], '/customers');
    expect((await screen.findAllByText(en.apiMessages.invalidRole)).length).toBeGreaterThan(0);
  });

  it('shows the Accountant bookings and accounting, not customers or the company', async () => {
    await renderAs([ROLE_IDS.Accountant], '/dashboard');
    const hrefs = await menuItems();
    expect(hrefs).toEqual(expect.arrayContaining(['/bookings', '/eaccounting/settings']));
    expect(hrefs).not.toContain('/customers');
    expect(hrefs).not.toContain('/company');
  });

  it('shows the Administrator everything', async () => {
    await renderAs([ROLE_IDS.Administrator], '/company');
    const nav = await screen.findByText('Settings');
    expect(nav).toBeInTheDocument();
    expect(within(document.body).queryByText(en.apiMessages.invalidRole)).not.toBeInTheDocument();
  });
});
