import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { screen, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { AdminUI, CustomRoutes, Resource } from 'react-admin';
import { Layout } from '../../src/shell/Layout';
import { RedirectToDashboard, shellRoutes } from '../../src/shell/routes';
import { customPages, sidebar } from '../../src/registry';
import { ROLE_IDS } from '../../schema/access/permissions';
import en from '../../locales/en.json' with { type: 'json' };
import { API, renderInAdmin, server } from './authHarness';

beforeAll(() => server.listen({ onUnhandledFrame: 'error' }));
afterEach(() => server.resetHandlers());
afterAll(() => server.close());

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
    { url, lang: 'en', notification: false, menu: sidebar, roles },
  );
}

const menuItems = async (): Promise<string[]> => {
  await screen.findAllByRole('menuitem', { name: /Dashboard/ });
  return screen.getAllByRole('menuitem').map((item) => item.getAttribute('href') ?? '');
};

describe('the admin by role', () => {
  it('shows Staff customers, services and schedules but no company, administrators, billing or settings', async () => {
    await renderAs([ROLE_IDS.Staff], '/dashboard');
    const hrefs = await menuItems();
    expect(hrefs).toEqual(expect.arrayContaining(['/bookings', '/customers', '/services', '/schedules', '/resources']));
    for (const hidden of ['/company', '/administrators', '/booking-settings', '/history', '/system-settings', '/payment-settings', '/webhook-settings', '/promo-codes-value-cards', '/eaccounting/settings']) {
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

  it('shows the Accountant the promo code transactions report, services and articles, not customers, the company or the codes', async () => {
    await renderAs([ROLE_IDS.Accountant], '/dashboard');
    const hrefs = await menuItems();
    expect(hrefs).toEqual(expect.arrayContaining(['/bookings', '/services', '/articles', '/promo-codes-transactions-report']));
    expect(screen.getByRole('menuitem', { name: 'Transactions report' })).toHaveAttribute('href', '/promo-codes-transactions-report');
    for (const hidden of ['/customers', '/company', '/promo-codes-value-cards', '/schedules']) expect(hrefs).not.toContain(hidden);
  });

  it('shows the Administrator every working screen once: the promo codes page holds the transactions report', async () => {
    await renderAs([ROLE_IDS.Administrator], '/dashboard');
    const hrefs = await menuItems();
    expect(hrefs).toEqual(['/dashboard', '/scheduler', '/bookings', '/statistics', '/support', '/services', '/articles', '/promo-codes-value-cards', '/custom-fields', '/schedules', '/resources', '/time-exceptions', '/customers', '/reviews', '/newsletters', '/company', '/booking-settings', '/system-settings', '/webhook-settings', '/sync', '/mailchimp-settings', '/codelock-settings', '/payment-settings', '/eaccounting/settings', '/eaccounting/service-price-mappings', '/history', '/booking-printout', '/messages/outbox']);
  });

  it('shows the Administrator the company page', async () => {
    await renderAs([ROLE_IDS.Administrator], '/company');
    const nav = await screen.findByText('Settings');
    expect(nav).toBeInTheDocument();
    expect(within(document.body).queryByText(en.apiMessages.invalidRole)).not.toBeInTheDocument();
  });
});
