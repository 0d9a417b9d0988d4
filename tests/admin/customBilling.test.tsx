import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse, type JsonBodyType } from 'msw';
import { BillingInformationTab } from '../../src/custom/billing/BillingInformationTab';
import type { BillingInformation } from '../../schema/company';
import { API, calls, companyHandlers, demoCompany, renderPage, server, startMockApi, storedBilling } from './customHarness';

startMockApi();

/** What GET /billing/company answers when nothing is stored: a proposal without method or VAT number. */
const proposal: BillingInformation = {
  ...storedBilling,
  BillingMethodId: null,
  Email: null,
  Attention: null,
  VatRegistrationNumber: '',
  Exists: false,
};

const saveHandlers = () => [
  http.post(`${API}/billing/company`, async ({ request }) => HttpResponse.json({ ...((await request.json()) as object), Exists: true })),
  http.put(`${API}/billing/company`, async ({ request }) => HttpResponse.json({ ...((await request.json()) as object), Exists: true })),
];

async function chooseMethod(user: ReturnType<typeof userEvent.setup>, name: string) {
  await user.click(await screen.findByRole('combobox', { name: /billing method/i }));
  await user.click(await screen.findByRole('option', { name }));
}

const field = (name: RegExp) => screen.getByRole('textbox', { name });
const saves = () => calls.filter((c) => c.path === '/billing/company' && c.method !== 'GET');

describe('billing form', () => {
  it("says 'You must select billing method' and sends nothing when no method is chosen", async () => {
    server.use(...companyHandlers(demoCompany, proposal), ...saveHandlers());
    const user = userEvent.setup();
    renderPage(<BillingInformationTab company={demoCompany} />, '/company#billing-information');
    await user.click(await screen.findByRole('button', { name: 'Save' }));
    expect(await screen.findByText('You must select billing method')).toBeInTheDocument();
    expect(saves()).toHaveLength(0);
  });

  it('requires the billing e-mail for methods 2 and 3 but not for 1', async () => {
    server.use(...companyHandlers(demoCompany, proposal), ...saveHandlers());
    const user = userEvent.setup();
    renderPage(<BillingInformationTab company={demoCompany} />);
    for (const method of ['Invoice by e-mail', 'E-invoice']) {
      await chooseMethod(user, method);
      await user.click(screen.getByRole('button', { name: 'Save' }));
      const email = field(/billing e-mail/i);
      await waitFor(() => expect(email).toHaveAccessibleDescription('Required'));
      expect(saves()).toHaveLength(0);
    }
    await chooseMethod(user, 'Card');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(saves()).toHaveLength(1));
    expect(saves()[0]).toMatchObject({ method: 'POST', body: { BillingMethodId: 1, Email: null } });
  });

  it('shows GLN and the reference lines only when the method is neither 1 nor 2', async () => {
    server.use(...companyHandlers(demoCompany, proposal));
    const user = userEvent.setup();
    renderPage(<BillingInformationTab company={demoCompany} />);
    const shown = () => ['GLN', 'Reference line 1', 'Reference line 2'].map((name) => screen.queryByRole('textbox', { name }) !== null);
    await chooseMethod(user, 'Card');
    expect(shown()).toEqual([false, false, false]);
    await chooseMethod(user, 'Invoice by e-mail');
    expect(shown()).toEqual([false, false, false]);
    await chooseMethod(user, 'E-invoice');
    expect(shown()).toEqual([true, true, true]);
    await chooseMethod(user, 'Paper invoice');
    expect(shown()).toEqual([true, true, true]);
  });

  it('proposes SE + organisation number without dash + 01 as VAT number for a Swedish company without one', async () => {
    server.use(...companyHandlers(demoCompany, proposal), ...saveHandlers());
    const user = userEvent.setup();
    renderPage(<BillingInformationTab company={{ ...demoCompany, OrganisationNumber: '556016-0680' }} />);
    expect(await screen.findByRole('textbox', { name: /vat registration number/i })).toHaveValue('SE556016068001');
    await chooseMethod(user, 'Paper invoice');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(saves()).toHaveLength(1));
    expect(saves()[0].body).toMatchObject({ VatRegistrationNumber: 'SE556016068001', BillingMethodId: 4 });
  });

  it('proposes no VAT number for a company outside Sweden', async () => {
    const norwegian = { ...demoCompany, CountryId: 'NO', OrganisationNumber: '923609016' };
    server.use(...companyHandlers(norwegian, { ...proposal, CountryId: 'NO' }));
    renderPage(<BillingInformationTab company={norwegian} />);
    expect(await screen.findByRole('textbox', { name: /vat registration number/i })).toHaveValue('');
  });

  it('prefills the address from the company when the checkbox is ticked, and restores it when unticked', async () => {
    server.use(...companyHandlers(demoCompany, storedBilling), ...saveHandlers());
    const user = userEvent.setup();
    renderPage(<BillingInformationTab company={demoCompany} />);
    await screen.findByRole('textbox', { name: /street 1/i });
    expect(field(/street 1/i)).toHaveValue('Box 123');
    await user.click(screen.getByRole('checkbox', { name: 'Use the company address' }));
    expect(field(/street 1/i)).toHaveValue('Storgatan 12');
    expect(field(/zip code/i)).toHaveValue('111 22');
    expect(field(/company name/i)).toHaveValue('Solrosens Yoga & Padel');
    await user.click(screen.getByRole('checkbox', { name: 'Use the company address' }));
    expect(field(/street 1/i)).toHaveValue('Box 123');
    await user.click(screen.getByRole('checkbox', { name: 'Use the company address' }));
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(saves()).toHaveLength(1));
    expect(saves()[0]).toMatchObject({
      method: 'PUT',
      body: { Name: 'Solrosens Yoga & Padel', Street1: 'Storgatan 12', ZipCode: '111 22', City: 'Stockholm', CountryId: 'SE', Email: 'faktura@solrosen.example.com' },
    });
    expect(await screen.findByText('Billing information saved')).toBeInTheDocument();
  });

  it('offers the countries SE, DK, FI, NO with SE by default and loads the methods of the chosen country', async () => {
    server.use(...companyHandlers(demoCompany, { ...proposal, CountryId: 'XX' as BillingInformation['CountryId'] }));
    const user = userEvent.setup();
    renderPage(<BillingInformationTab company={demoCompany} />);
    const country = await screen.findByRole('combobox', { name: /country/i });
    expect(country).toHaveTextContent('Sweden');
    await user.click(country);
    const options = within(await screen.findByRole('listbox')).getAllByRole('option').map((o) => o.textContent);
    expect(options.filter(Boolean)).toEqual(['Sweden', 'Denmark', 'Finland', 'Norway']);
    await user.click(screen.getByRole('option', { name: 'Finland' }));
    await waitFor(() => expect(calls.some((c) => c.path === '/billing/methods' && c.search.get('CountryId') === 'FI')).toBe(true));
  });

  it('shows the server field errors under the fields', async () => {
    server.use(
      ...companyHandlers(demoCompany, storedBilling),
      http.put(`${API}/billing/company`, () =>
        HttpResponse.json(
          { ResponseStatus: { ErrorCode: 'NotEmpty', Message: 'City must not be empty', Errors: [{ ErrorCode: 'NotEmpty', FieldName: 'City', Message: 'City must not be empty' }] } } as JsonBodyType,
          { status: 400 },
        ),
      ),
    );
    const user = userEvent.setup();
    renderPage(<BillingInformationTab company={demoCompany} />);
    await user.click(await screen.findByRole('button', { name: 'Save' }));
    await waitFor(() => expect(field(/^city/i)).toHaveAccessibleDescription('City must not be empty'));
  });
});
