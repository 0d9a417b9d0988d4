import { describe, expect, it, vi } from 'vitest';
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse, type JsonBodyType } from 'msw';
import { LicenseFlow } from '../../src/custom/licenses/LicenseFlow';
import ExtraLicensesPage from '../../src/custom/licenses/ExtraLicensesPage';
import { licenseLimitToShow } from '../../src/common/licenseLimit';
import { shellRoutes } from '../../src/shell/routes';
import { isClaimed } from '../../src/shell/screens';
import { customPages, declarations } from '../../src/registry';
import { BUILT_PLAN_FEATURES, PLAN_FEATURES, listedPlanFeatures } from '../../domain/licenses/planFeatures';
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

const awaitingStandard = { Id: 5, TypeId: 2, TypeName: 'Standard', CurrentTypeId: 1, CurrentTypeName: 'Free', Created: '2026-01-02T10:00:00' };

/** GET and DELETE /licenses/company/awaitingcard over one Standard plan waiting for its card, until deleted; `waiting()` tells which still waits. */
function awaitingCard() {
  let awaiting: typeof awaitingStandard | null = awaitingStandard;
  const handlers = [
    http.get(`${API}/licenses/company/awaitingcard`, () => HttpResponse.json(list(awaiting ? [awaiting] : []))),
    http.delete(`${API}/licenses/company/awaitingcard`, () => {
      awaiting = null;
      return new HttpResponse(null, { status: 204 });
    }),
  ];
  return { handlers, waiting: () => awaiting };
}

function licenseHandlers(held = 1) {
  return [
    http.get(`${API}/licenses/company/awaitingcard`, () => HttpResponse.json(list([]))),
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

  it('a card upgrade says it awaits the card (not that the license is upgraded) and goes on to /billing/add-credit-card', async () => {
    server.use(
      ...licenseHandlers(),
      http.post(`${API}/licenses/company`, () => HttpResponse.json({ Id: 9, TypeId: 2, TypeName: 'Standard', Active: false, RequiresCreditCard: true, BillingMethodId: 1 })),
    );
    const user = userEvent.setup();
    const { location } = renderPage(<LicenseFlow />, '/licenses');
    await user.click(await screen.findByRole('button', { name: 'Select Standard' }));
    expect(await screen.findByText(/Paid by invoice, the plan takes effect at once; paid by card, once the card is registered\./)).toBeInTheDocument();
    await user.click(await screen.findByRole('button', { name: 'Upgrade' }));
    expect(await screen.findByText('Standard is chosen and takes effect once your card is registered. Until then nothing changes.')).toBeInTheDocument();
    expect(screen.queryByText('Your license has been upgraded.')).toBeNull();
    await waitFor(() => expect(location().pathname).toBe('/billing/add-credit-card'));
  });

  it('names a plan that waits for the card above the plans, with Register card and Keep (start over)', async () => {
    // The first handler that matches answers: these come before licenseHandlers'.
    server.use(...awaitingCard().handlers, ...licenseHandlers());
    const user = userEvent.setup();
    const { location, unmount } = renderPage(<LicenseFlow />, '/licenses');
    expect(await screen.findByText('Standard takes effect once the card is registered. Until then you stay on Free.')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Register card' }));
    await waitFor(() => expect(location().pathname).toBe('/billing/add-credit-card'));
    unmount();

    renderPage(<LicenseFlow />, '/licenses');
    await user.click(await screen.findByRole('button', { name: 'Keep Free' }));
    expect(await screen.findByText('Nothing has changed: you stay on Free.')).toBeInTheDocument();
    expect(calls.some((c) => c.method === 'DELETE' && c.path === '/licenses/company/awaitingcard')).toBe(true);
    await waitFor(() => expect(screen.queryByText(/takes effect once the card is registered/)).toBeNull());
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
  it('/billing/add-credit-card names the plan that waits for the card and asks the provider to come back with upgrade=1', async () => {
    const assign = vi.fn();
    vi.stubGlobal('location', { ...window.location, assign });
    server.use(
      http.get(`${API}/licenses/company/awaitingcard`, () => HttpResponse.json(list([awaitingStandard]))),
      http.post(`${API}/Token/GenerateRegisterDibsPaymentCardToken`, () => HttpResponse.json({ Token: 't', Url: 'http://provider.test/checkout/t', AmountMinor: 0, CurrencyId: 'SEK' })),
    );
    const AddCreditCardPage = (await import('../../src/custom/billing/AddCreditCardPage')).default;
    const user = userEvent.setup();
    renderPage(<AddCreditCardPage />, '/billing/add-credit-card');
    expect(await screen.findByText('Standard takes effect once the card is registered. Until then you stay on Free.')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Register card' }));
    await waitFor(() => expect(assign).toHaveBeenCalledWith('http://provider.test/checkout/t'));
    expect(calls.find((c) => c.method === 'POST' && c.path === '/Token/GenerateRegisterDibsPaymentCardToken')!.body).toEqual({ AcceptUrl: '/billing/callback?upgrade=1', CancelUrl: '/billing/cancel' });
    vi.unstubAllGlobals();
  });

  it('/billing/callback checks the card until the provider has answered, then shows /billing/accept', async () => {
    let checks = 0;
    server.use(
      http.get(`${API}/billing/company/creditcard`, () => {
        checks++;
        return HttpResponse.json({ IsValid: checks >= 2, MaskedNumber: checks >= 2 ? '**** 1111' : null, Expires: null });
      }),
    );
    const { BillingCallbackPage, BillingAcceptPage } = await import('../../src/custom/billing/BillingResultPages');
    const { location, unmount } = renderPage(<BillingCallbackPage />, '/billing/callback?upgrade=1&reference=sandbox-1');
    expect(await screen.findByText('Waiting for the payment provider…')).toBeInTheDocument();
    await waitFor(() => expect(location().pathname).toBe('/billing/accept'), { timeout: 8000 });
    expect((location() as { search?: string }).search).toBe('?upgrade=1');
    expect(checks).toBe(2);
    unmount();
    renderPage(<BillingAcceptPage />, '/billing/accept?upgrade=1');
    expect(await screen.findByText('Thank you! Your card is registered and your new plan applies from now on.')).toBeInTheDocument();
    cleanup();
    renderPage(<BillingAcceptPage />, '/billing/accept');
    expect(await screen.findByText('Thank you! Your card is registered.')).toBeInTheDocument();
  });

  it('/billing/cancel says nothing has changed; keeping the plan held drops the one that waited', async () => {
    const card = awaitingCard();
    server.use(...card.handlers);
    const { BillingCancelPage } = await import('../../src/custom/billing/BillingResultPages');
    const user = userEvent.setup();
    const { location, unmount } = renderPage(<BillingCancelPage />, '/billing/cancel');
    expect(await screen.findByText('No card was registered, so you are still on Free. Standard takes effect once a card is registered.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Try again' })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Keep Free' }));
    await waitFor(() => expect(location().pathname).toBe('/licenses'));
    expect((location() as { search?: string }).search).toBe('?status=billing-cancel');
    expect(card.waiting()).toBeNull();
    unmount();
    renderPage(<BillingCancelPage />, '/billing/cancel');
    expect(await screen.findByText('No card was registered, and nothing has changed.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Back to the plans' })).toBeInTheDocument();
  });
});

describe('the plan features', () => {
  // The paths the shell answers with "not available yet" (src/shell/routes.tsx), for the registry as it is.
  const notYetAvailable = new Set(
    shellRoutes(
      customPages.filter((p) => !p.noLayout),
      declarations.map((d) => d.name),
    )
      .map((route) => String(route.key))
      .filter((key) => key.startsWith('nya:'))
      .map((key) => key.slice('nya:'.length)),
  );
  const served = (path: string) => isClaimed(path, declarations.map((d) => d.name), customPages.map((p) => p.path)) && !notYetAvailable.has(path);

  it('every feature the plan table lists opens a working screen; every feature left out still answers "not available yet"', () => {
    for (const feature of PLAN_FEATURES) {
      for (const path of feature.screens) {
        if (BUILT_PLAN_FEATURES.includes(feature.key)) expect(served(path), `${feature.key}: ${path} is listed, so it must work`).toBe(true);
        else expect(served(path), `${feature.key}: ${path} works: add '${feature.key}' to BUILT_PLAN_FEATURES (domain/licenses/planFeatures.ts)`).toBe(false);
      }
    }
    expect(listedPlanFeatures().map((f) => f.key)).toEqual(BUILT_PLAN_FEATURES);
  });

  it('the demo company on Enterprise is sold no feature that is not available yet', async () => {
    const rows = listedPlanFeatures().map((f) => ({
      Id: f.id,
      Name: f.key,
      Description: '',
      Url: null,
      LicenseInformationTypeId: f.kind === 'limit' ? 1 : 2,
      FreeEdition: '',
      Values: [{ LicenseTypeId: 9, Value: 'Yes' }],
    }));
    server.use(http.get(`${API}/licenses/information`, () => HttpResponse.json(list(rows as JsonBodyType[]))), ...licenseHandlers(9));
    renderPage(<LicenseFlow />, '/licenses');
    const table = await screen.findByRole('table', { name: 'License plans' });
    const features = within(table)
      .getAllByRole('rowheader')
      .map((h) => h.textContent)
      .filter((name) => name !== 'Price per month');
    expect(features).toEqual(BUILT_PLAN_FEATURES);
    for (const key of features) {
      const feature = PLAN_FEATURES.find((f) => f.key === key)!;
      for (const path of feature.screens) expect(served(path), path).toBe(true);
    }
  });
});
