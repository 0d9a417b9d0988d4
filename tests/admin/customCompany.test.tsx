import { describe, expect, it } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse, type JsonBodyType } from 'msw';
import CompanyPage from '../../src/custom/company/CompanyPage';
import type { Company } from '../../schema/company';
import type { BookingDataProvider } from '../../src/dataProvider/types';
import { API, calls, companyHandlers, demoCompany, fieldErrorResponse, list, renderPage, server, startMockApi } from './customHarness';

startMockApi();

const administratorsHandler = http.get(`${API}/administrators`, () =>
  HttpResponse.json(
    list([
      {
        Id: 1,
        Firstname: 'Demo',
        Lastname: 'Admin',
        Email: 'demo@example.com',
        Phone: null,
        Roles: [{ Id: 1, Name: 'Administrator', Description: '' }],
        Active: true,
        Created: '2025-01-01T10:00:00',
        Updated: '2025-01-01T10:00:00',
      },
    ]),
  ),
);

const puts = () => calls.filter((c) => c.method === 'PUT');
const textbox = (name: RegExp) => screen.getByRole('textbox', { name });

describe('company page', () => {
  it('selects the tab named by the URL hash and puts the chosen tab into the hash', async () => {
    server.use(...companyHandlers(), administratorsHandler);
    const user = userEvent.setup();
    const { location } = renderPage(<CompanyPage />, '/company#billing-information');
    expect(await screen.findByRole('tab', { name: 'Billing information' })).toHaveAttribute('aria-selected', 'true');
    expect(await screen.findByRole('combobox', { name: /billing method/i })).toBeInTheDocument();

    await user.click(screen.getByRole('tab', { name: 'Administrators' }));
    expect(screen.getByRole('tab', { name: 'Administrators' })).toHaveAttribute('aria-selected', 'true');
    await waitFor(() => expect(location().hash).toBe('#administrators'));
    expect(await screen.findByText('demo@example.com')).toBeInTheDocument();
    expect(screen.getAllByRole('link').map((link) => link.getAttribute('href'))).toContain(`/administrators/new?returnTo=${encodeURIComponent('/company#administrators')}`);
  });

  it('opens the information tab for an unknown hash', async () => {
    server.use(...companyHandlers());
    renderPage(<CompanyPage />, '/company#nonsense');
    expect(await screen.findByRole('tab', { name: 'Information' })).toHaveAttribute('aria-selected', 'true');
    expect(await screen.findByRole('textbox', { name: /company name/i })).toHaveValue('Solrosens Yoga & Padel');
  });

  it('saves the company with PUT /companies/{Id} and the edited fields', async () => {
    let saved: Company = demoCompany;
    server.use(
      ...companyHandlers(),
      http.put(`${API}/companies/${demoCompany.Id}`, async ({ request }) => {
        saved = { ...demoCompany, ...((await request.json()) as Partial<Company>), Updated: '2025-02-01T10:00:00' };
        return HttpResponse.json(saved as unknown as JsonBodyType);
      }),
    );
    const user = userEvent.setup();
    renderPage(<CompanyPage />, '/company#information');
    const name = await screen.findByRole('textbox', { name: /company name/i });
    await user.clear(name);
    await user.type(name, 'Solrosen Padel');
    await user.clear(textbox(/^city/i));
    await user.type(textbox(/^city/i), 'Uppsala');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(puts()).toHaveLength(1));
    expect(puts()[0]).toMatchObject({
      path: `/companies/${demoCompany.Id}`,
      body: {
        Name: 'Solrosen Padel',
        City: 'Uppsala',
        Email: demoCompany.Email,
        Street1: demoCompany.Street1,
        ZipCode: demoCompany.ZipCode,
        CountryId: 'SE',
        OrganisationNumber: '556677-8899',
        TimeZone: 'Europe/Stockholm',
      },
    });
    expect(await screen.findByText('Company information saved')).toBeInTheDocument();
    expect(saved.Name).toBe('Solrosen Padel');
  });

  it('shows the server field errors under the fields', async () => {
    server.use(
      ...companyHandlers(),
      http.put(`${API}/companies/${demoCompany.Id}`, () =>
        fieldErrorResponse('Organisationsnumret är ogiltigt', [{ FieldName: 'OrganisationNumber', Message: 'Organisationsnumret är ogiltigt' }]),
      ),
    );
    const user = userEvent.setup();
    renderPage(<CompanyPage />, '/company');
    const phone = await screen.findByRole('textbox', { name: /phone/i });
    await user.type(phone, '8');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(textbox(/organisation number/i)).toHaveAccessibleDescription('Organisationsnumret är ogiltigt'));
  });

  it('checks the organisation number for the chosen country before sending', async () => {
    server.use(...companyHandlers());
    const user = userEvent.setup();
    renderPage(<CompanyPage />, '/company');
    const orgNumber = await screen.findByRole('textbox', { name: /organisation number/i });
    await user.clear(orgNumber);
    await user.type(orgNumber, '556677-8890');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(orgNumber).toHaveAccessibleDescription('The organisation number is not valid for the selected country'));
    expect(puts()).toHaveLength(0);
  });

  it('shows the status by name and sends a registered company for approval', async () => {
    const registered: Company = { ...demoCompany, StatusId: 1 };
    server.use(
      ...companyHandlers(registered),
      http.put(`${API}/companies/${demoCompany.Id}/sendforapproval`, () => HttpResponse.json({ ...registered, StatusId: 2 } as unknown as JsonBodyType)),
    );
    const user = userEvent.setup();
    renderPage(<CompanyPage />, '/company');
    expect(await screen.findByText('Registered')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Send for approval' }));
    expect(await screen.findByText('Awaiting approval')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Send for approval' })).not.toBeInTheDocument();
    expect(puts().map((c) => c.path)).toEqual([`/companies/${demoCompany.Id}/sendforapproval`]);
  });

  it('offers no approval action for an approved company', async () => {
    server.use(...companyHandlers());
    renderPage(<CompanyPage />, '/company');
    expect(await screen.findByText('Approved')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Send for approval' })).not.toBeInTheDocument();
  });

  it('uploads a logo as FolderType 1 and saves its URL, and warns about non-images and files over 100000 bytes', async () => {
    // jsdom's FormData cannot travel through Node's fetch to msw, so the upload call itself is recorded here.
    const uploads: { path: string; folderType: FormDataEntryValue | null; file: FormDataEntryValue | null }[] = [];
    const recordUploads = (dataProvider: BookingDataProvider): BookingDataProvider => ({
      ...dataProvider,
      upload: async <T,>(path: string, form: FormData) => {
        uploads.push({ path, folderType: form.get('FolderType'), file: form.get('file') });
        return { ImageUrl: 'http://api.test/images/logo.png', FolderType: 1 } as T;
      },
    });
    server.use(
      ...companyHandlers(),
      http.put(`${API}/companies/${demoCompany.Id}`, async ({ request }) => HttpResponse.json({ ...demoCompany, ...((await request.json()) as object) })),
    );
    const user = userEvent.setup({ applyAccept: false });
    renderPage(<CompanyPage />, '/company', recordUploads);
    const fileInput = (await screen.findByLabelText('Logo', { selector: 'input' })) as HTMLInputElement;

    await user.upload(fileInput, new File(['%PDF'], 'terms.pdf', { type: 'application/pdf' }));
    expect(await screen.findByText('The file is not an image. Choose an image file.')).toBeInTheDocument();
    await user.upload(fileInput, new File([new Uint8Array(100001)], 'huge.png', { type: 'image/png' }));
    expect(await screen.findByText('The image is too large. The largest allowed size is 100 kB.')).toBeInTheDocument();
    expect(uploads).toHaveLength(0);

    await user.upload(fileInput, new File([new Uint8Array(100000)], 'logo.png', { type: 'image/png' }));
    await waitFor(() => expect(uploads).toHaveLength(1));
    expect(uploads[0]).toMatchObject({ path: '/images', folderType: '1' });
    expect(uploads[0].file).toHaveProperty('name', 'logo.png');
    expect(await screen.findByRole('img', { name: 'Logo' })).toHaveAttribute('src', 'http://api.test/images/logo.png');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(puts()).toHaveLength(1));
    expect(puts()[0].body).toMatchObject({ LogoUrl: 'http://api.test/images/logo.png' });
  });
});
