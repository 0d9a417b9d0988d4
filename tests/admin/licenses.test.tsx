import { describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse, type JsonBodyType } from 'msw';
import { LicenseFlow } from '../../src/custom/licenses/LicenseFlow';
import ExtraLicensesPage from '../../src/custom/licenses/ExtraLicensesPage';
import { licenseLimitToShow } from '../../src/common/licenseLimit';
import { API, calls, companyHandlers, demoCompany, list, renderPage, server, startMockApi, storedBilling } from './customHarness';

startMockApi();

const plan = (Id: number, Name: string, Price: number, extra = false) => ({
  Id,
  Name,
  IsFree: Id === 1,
  Prices: [{ CountryId: 'SE', CurrencyId: 'SEK', Price }],
  LicenseItems: [],
  PeriodOfNoticeDays: 30,
  IsExtraLicenseOption: extra,
});

const information = [
  { Id: 3, Name: 'Administrators', Description: 'People who sign in', Url: null, LicenseInformationTypeId: 1, FreeEdition: '1', Values: [{ LicenseTypeId: 1, Value: '1' }, { LicenseTypeId: 2, Value: '3' }, { LicenseTypeId: 3, Value: '10' }] },
  { Id: 4, Name: 'Bookings', Description: '', Url: null, LicenseInformationTypeId: 1, FreeEdition: '100|per month', Values: [{ LicenseTypeId: 1, Value: '100|per month' }, { LicenseTypeId: 2, Value: '1000|per month' }, { LicenseTypeId: 3, Value: '5000|per month' }] },
];

function licenseHandlers(held = 1) {
  return [
    ...companyHandlers(demoCompany, storedBilling),
    http.get(`${API}/licenses/types`, () => HttpResponse.json(list([plan(1, 'Free', 0), plan(2, 'Standard', 299), plan(3, 'Professional', 599), plan(11, 'Extra administrators', 99, true)] as JsonBodyType[]))),
    http.get(`${API}/licenses/information`, () => HttpResponse.json(list(information as JsonBodyType[]))),
    http.get(`${API}/licenses/company`, () => HttpResponse.json(list([{ Id: 4, TypeId: held, TypeName: 'Free', ValidFrom: '2026-01-01T00:00:00', ValidTo: null, Active: true, Canceled: false }]))),
    http.get(`${API}/trials/company/check`, () =>
      HttpResponse.json({ CurrentTrialPeriod: null, SuggestedTrialType: { Id: 1, Name: 'Trial', TrialDays: 30, LicenseTypeId: 3 }, SuggestedLicenseToUpgrade: { Id: 2, Name: 'Standard' }, Header: 'Limit', Body: 'Try Professional free for 30 days, or upgrade.' }),
    ),
  ];
}

describe('the license flow', () => {
  it('compares the plans: prices per month, features with their notes, Active and Suggested, Select off for the held plan', async () => {
    server.use(...licenseHandlers(2));
    renderPage(<LicenseFlow />, '/licenses?upgrade=3');
    const table = await screen.findByRole('table', { name: 'License plans' });
    expect(within(table).getAllByRole('columnheader').map((h) => h.textContent)).toEqual(['Feature', 'Free', 'StandardActive', 'ProfessionalSuggested']);
    expect(within(table).getByText('599 kr/month')).toBeInTheDocument();
    const bookings = within(table).getByRole('rowheader', { name: 'Bookings' }).closest('tr')!;
    expect(within(bookings).getByText('1000')).toBeInTheDocument();
    expect(within(bookings).getAllByText('per month')).toHaveLength(3);
    expect(within(table).getByRole('button', { name: 'Select Standard' })).toBeDisabled();
    expect(within(table).getByRole('button', { name: 'Select Professional' })).toBeEnabled();
    expect(screen.getByRole('button', { name: 'Free trial (30 days)' })).toBeInTheDocument();
  });

  it('step 1 sends the plan with the billing form; an invoice method finishes without a card', async () => {
    const assign = vi.fn();
    vi.stubGlobal('location', { ...window.location, assign });
    server.use(
      ...licenseHandlers(),
      http.post(`${API}/licenses/company`, () => HttpResponse.json({ Id: 9, TypeId: 3, TypeName: 'Professional', Active: true, RequiresCreditCard: false, BillingMethodId: 2 })),
    );
    const user = userEvent.setup();
    renderPage(<LicenseFlow />, '/licenses');
    await user.click(await screen.findByRole('button', { name: 'Select Professional' }));
    expect(await screen.findByRole('heading', { name: 'Billing and payment for Professional' })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Upgrade' }));
    await waitFor(() => expect(calls.some((c) => c.method === 'POST' && c.path === '/licenses/company')).toBe(true));
    const sent = calls.find((c) => c.method === 'POST' && c.path === '/licenses/company')!;
    expect(sent.body).toMatchObject({ TypeId: 3, BillingInformation: { BillingMethodId: storedBilling.BillingMethodId, Name: storedBilling.Name } });
    await waitFor(() => expect(assign).toHaveBeenCalledWith('/licenses?status=billing-success'));
    vi.unstubAllGlobals();
  });

  it('a card upgrade goes on to /billing/add-credit-card with the billing data in the search', async () => {
    server.use(
      ...licenseHandlers(),
      http.post(`${API}/licenses/company`, () => HttpResponse.json({ Id: 9, TypeId: 2, TypeName: 'Standard', Active: true, RequiresCreditCard: true, BillingMethodId: 1 })),
    );
    const user = userEvent.setup();
    const { location } = renderPage(<LicenseFlow />, '/licenses');
    await user.click(await screen.findByRole('button', { name: 'Select Standard' }));
    await user.click(await screen.findByRole('button', { name: 'Upgrade' }));
    await waitFor(() => expect(location().pathname).toBe('/billing/add-credit-card'));
  });

  it('an extra license refused on type id 11 prompts to go to my subscriptions', async () => {
    server.use(
      ...licenseHandlers(),
      http.post(`${API}/licenses/company`, () =>
        HttpResponse.json(
          { ResponseStatus: { ErrorCode: 'ExtraNeedsPaidPlan', Message: 'Add-ons need a paid plan. Go to my subscriptions to change your plan.', Errors: [{ ErrorCode: 'ExtraNeedsPaidPlan', FieldName: 'TypeId', Message: 'Add-ons need a paid plan. Go to my subscriptions to change your plan.' }] } },
          { status: 409 },
        ),
      ),
    );
    const user = userEvent.setup();
    const { location } = renderPage(<ExtraLicensesPage />, '/extra-licenses');
    await user.click(await screen.findByRole('button', { name: 'Buy Extra administrators' }));
    await user.click(await screen.findByRole('button', { name: 'Upgrade' }));
    const prompt = await screen.findByRole('dialog', { name: 'My subscriptions' });
    expect(prompt).toHaveTextContent('Add-ons need a paid plan');
    await user.click(within(prompt).getByRole('button', { name: 'Go to my subscriptions' }));
    await waitFor(() => expect(location().pathname).toBe('/account'));
  });
});

describe('the license modal rules', () => {
  const limit = { status: 402, Header: 'Limit', Body: 'Server text' };
  it('is silent while the server says a trial runs, and on a page that asks for it while the session started a trial', () => {
    expect(licenseLimitToShow({ ...limit, CurrentTrialPeriod: { Active: true } }, undefined, false)).toBeNull();
    expect(licenseLimitToShow(limit, { suppressDuringSessionTrial: true }, true)).toBeNull();
    expect(licenseLimitToShow(limit, { suppressDuringSessionTrial: true }, false)).toMatchObject({ Body: 'Server text' });
    expect(licenseLimitToShow(limit, { Header: 'Send needs a plan', Body: 'Newsletters are in Standard' }, false)).toMatchObject({ Header: 'Send needs a plan', Body: 'Newsletters are in Standard' });
  });
});

describe('incentives', () => {
  it('shows the offer after its delay and records Read, Engaged, then Success on an Information action', async () => {
    server.use(
      ...licenseHandlers(),
      http.get(`${API}/companies/:id/incentives`, () =>
        HttpResponse.json(list([{ Id: 3, InitialDelayInSeconds: 0, Action: { ActionType: 'Information', Page: '/licenses', LicenseTypeId: null }, Header: 'Compare the plans', Body: 'See what each plan includes.' }])),
      ),
      http.post(`${API}/company/:id/incentives/:incentiveId`, () => new HttpResponse(null, { status: 204 })),
    );
    const { IncentiveModal } = await import('../../src/custom/licenses/IncentiveModal');
    const user = userEvent.setup();
    const { location } = renderPage(<IncentiveModal />, '/dashboard');
    const dialog = await screen.findByRole('dialog', { name: 'Compare the plans' });
    await user.click(within(dialog).getByRole('button', { name: 'Read more' }));
    await waitFor(() => expect(location().pathname).toBe('/licenses'));
    const engagements = calls.filter((c) => c.method === 'POST' && c.path.includes('/incentives/')).map((c) => (c.body as { EngagementType: string }).EngagementType);
    expect(engagements).toEqual(['Read', 'Engaged', 'Success']);
  });
});

describe('closing the account', () => {
  it("asks for an option in each section ('select option from each section') before it sends the questionnaire", async () => {
    const assign = vi.fn();
    vi.stubGlobal('location', { ...window.location, assign });
    server.use(http.post(`${API}/licenses/company/delete`, () => HttpResponse.json({ Id: 4, TypeId: 2, ValidTo: '2026-12-25T10:00:00', Canceled: true })));
    const { CloseAccountDialog } = await import('../../src/custom/account/CloseAccountDialog');
    const user = userEvent.setup();
    renderPage(<CloseAccountDialog onClose={() => undefined} onClosed={() => undefined} />);
    const dialog = await screen.findByRole('dialog', { name: 'Close the account' });
    await user.click(within(dialog).getByRole('checkbox', { name: 'The price' }));
    await user.click(within(dialog).getByRole('button', { name: 'Close the account' }));
    expect(await within(dialog).findByText('select option from each section')).toBeInTheDocument();
    expect(calls.some((c) => c.path === '/licenses/company/delete')).toBe(false);
    await user.click(within(dialog).getByRole('checkbox', { name: 'All right' }));
    await user.click(within(dialog).getByRole('button', { name: 'Close the account' }));
    await waitFor(() => expect(assign).toHaveBeenCalledWith('/'));
    const sent = calls.find((c) => c.path === '/licenses/company/delete')!;
    expect(sent.body).toEqual({ Questionnaire: [{ Question: 'main', Value: 'closeAccount' }, { Question: 'reason', Value: 'price' }, { Question: 'experience', Value: 'ok' }] });
    vi.unstubAllGlobals();
  });
});

describe('the card pages', () => {
  it('/billing/callback checks the card until the provider has answered, then shows /billing/accept', async () => {
    let checks = 0;
    server.use(
      http.get(`${API}/billing/company/creditcard`, () => {
        checks++;
        return HttpResponse.json({ IsValid: checks >= 2, MaskedNumber: checks >= 2 ? '**** 1111' : null, Expires: null });
      }),
    );
    const { BillingCallbackPage } = await import('../../src/custom/billing/BillingResultPages');
    const { location } = renderPage(<BillingCallbackPage />, '/billing/callback?reference=sandbox-1');
    expect(await screen.findByText('Waiting for the payment provider…')).toBeInTheDocument();
    await waitFor(() => expect(location().pathname).toBe('/billing/accept'), { timeout: 8000 });
    expect(checks).toBe(2);
  });
});
