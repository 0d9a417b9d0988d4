import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { File as NodeFile } from 'node:buffer';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import type { CustomField } from '../../schema/customfields';
import type { Customer } from '../../schema/customers';
import type { Service, ServicePrice } from '../../schema/services';
import { declarations } from '../../src/registry';
import { API, authProviderFor, calls, callsTo, errorResponse, list, listHandler, renderAdmin, server } from './engineHarness';
import { ROLE_IDS } from '../../schema/access/permissions';

const price = (id: number, over: Partial<ServicePrice> = {}): ServicePrice => ({
  Id: id,
  ServiceId: 5,
  Price: 250,
  CalculationTypeId: 1,
  CurrencyId: 'SEK',
  PriceSign: 'kr',
  VAT: 25,
  Category: 'Adult',
  PriceText: 'Peak',
  From: null,
  To: null,
  DaysOfWeek: [
    { DayOfWeekId: 1, DotNetDayOfWeekId: 1, DayOfWeek: 'Monday' },
    { DayOfWeekId: 2, DotNetDayOfWeekId: 2, DayOfWeek: 'Tuesday' },
  ],
  FromTime: '17:00:00',
  ToTime: '21:00:00',
  IsTimeSpecific: true,
  IsDaysOfWeekSpecific: true,
  ...over,
});

const padel: Service = {
  Id: 5,
  Name: 'Padel',
  Description: 'One hour on court',
  Group: 'Padel',
  Active: true,
  ImageUrl: null,
  Duration: 60,
  MinDuration: 60,
  MaxDuration: 180,
  DurationInterval: 30,
  DurationTypeId: 1,
  SortOrder: 1,
  TotalSpots: 4,
  BookingStatusId: 1,
  IsPaymentEnabled: false,
  EnableBookingQueue: false,
  GroupBooking: { Active: false, Min: 1, Max: 1 },
  MultipleResource: { Active: false, Min: 1, Max: 1 },
  Prices: [price(11), price(12, { Price: 150, Category: 'Child', DaysOfWeek: [], FromTime: null, ToTime: null })],
  CustomFieldValues: [],
  Created: '2025-01-01T10:00:00',
  Updated: '2025-01-01T10:00:00',
};

const field = (over: Partial<CustomField>): CustomField => ({
  Id: 1,
  Name: 'Field',
  Description: '',
  Width: 12,
  DataType: 'TextBox',
  DefaultValue: null,
  IsMandatory: false,
  MandatoryErrorMessage: null,
  MaxLength: 200,
  MultipleLineText: false,
  RegExId: null,
  RegExErrorMessage: null,
  IsPublic: true,
  IsHidden: false,
  SortOrder: 0,
  Table: 'RegisteredUsers',
  Active: true,
  Values: [],
  Services: [],
  Created: '2025-01-01T10:00:00',
  Updated: '2025-01-01T10:00:00',
  ...over,
});

let customFields: CustomField[] = [];

beforeAll(() => server.listen({ onUnhandledFrame: 'error' }));
beforeEach(() => {
  customFields = [];
  server.use(
    http.get(`${API}/customfields`, ({ request }) => {
      const table = new URL(request.url).searchParams.get('Table');
      return HttpResponse.json(list(customFields.filter((f) => !table || f.Table === table)));
    }),
    http.get(`${API}/services/groups`, () => HttpResponse.json(list([{ Name: 'Padel', Count: 1 }]))),
  );
});
afterEach(() => {
  server.resetHandlers();
  calls.length = 0;
});
afterAll(() => server.close());

const chips = () => Array.from(screen.getByTestId('duration-preview').querySelectorAll('.MuiChip-label')).map((c) => c.textContent);

async function chooseOption(label: RegExp, option: string) {
  fireEvent.mouseDown(await screen.findByRole('combobox', { name: label }));
  fireEvent.click(await screen.findByRole('option', { name: option }));
}

describe('services', () => {
  it('lists name, group, duration, active and sort order from /services', async () => {
    server.use(listHandler('/services', [padel]));
    renderAdmin(declarations, '/services');
    const row = (await screen.findByText('1 h')).closest('tr') as HTMLElement;
    expect(within(row).getAllByText('Padel')).toHaveLength(2);
    // First the select-all box of the declared bulk actions (list.bulk), then the declared columns.
    expect(screen.getAllByRole('columnheader').map((h) => h.textContent)).toEqual(['', 'Name', 'Group', 'Duration', 'Active', 'Sort order']);
    const read = callsTo('GET', '/services')[0];
    expect(read.search.get('OrderBy')).toBe('SortOrder');
    expect(read.search.get('IncludePrices')).toBe('true');
  });

  it('previews flexible durations from min to max in interval steps, trimming a max that is not aligned', async () => {
    renderAdmin(declarations, '/services/new');
    await chooseOption(/Flexible hours/, 'Slider');
    fireEvent.change(await screen.findByLabelText(/Minimum duration/), { target: { value: '60' } });
    fireEvent.change(screen.getByLabelText(/Interval/), { target: { value: '30' } });
    expect(chips()).toEqual(['1 h', '90 min', '2 h', '150 min', '3 h']);
    fireEvent.change(screen.getByLabelText(/Maximum duration/), { target: { value: '130' } });
    expect(chips()).toEqual(['1 h', '90 min', '2 h']);
    expect(screen.getByText(/trimmed to 120 minutes/)).toBeInTheDocument();
  });

  it('keeps durations in minutes whatever the unit, and asks for at least 1', async () => {
    server.use(http.post(`${API}/services`, async ({ request }) => HttpResponse.json({ ...padel, ...((await request.json()) as object), Id: 77 })));
    renderAdmin(declarations, '/services/new');
    fireEvent.change(await screen.findByLabelText(/^Name/), { target: { value: 'Yoga' } });
    fireEvent.change(screen.getByLabelText(/^Description/), { target: { value: 'Morning yoga' } });
    const duration = screen.getByLabelText(/^Duration/);
    fireEvent.change(duration, { target: { value: '0' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Must be at least 1')).toBeInTheDocument();
    fireEvent.change(duration, { target: { value: '2' } });
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(callsTo('POST', '/services')).toHaveLength(1));
    expect(callsTo('POST', '/services')[0].body).toMatchObject({ Name: 'Yoga', Description: 'Morning yoga', Duration: 120, DurationTypeId: 1 });
  });

  it('a service past the plan limit opens the license modal, with no error toast next to it (core.md §8)', async () => {
    server.use(
      http.post(`${API}/services`, () =>
        HttpResponse.json(
          { Header: 'Service limit reached', Body: 'Your plan holds 3 services. Upgrade to Standard for more.', SuggestedLicenseToUpgrade: { Id: 2, Name: 'Standard' }, ResponseStatus: { ErrorCode: 'LicenseLimit', Message: 'Your plan holds 3 services.' } },
          { status: 402 },
        ),
      ),
    );
    renderAdmin(declarations, '/services/new');
    fireEvent.change(await screen.findByLabelText(/^Name/), { target: { value: 'Yoga' } });
    fireEvent.change(screen.getByLabelText(/^Description/), { target: { value: 'Morning yoga' } });
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    const modal = await screen.findByRole('dialog', { name: 'Service limit reached' });
    expect(within(modal).getByText('Your plan holds 3 services. Upgrade to Standard for more.')).toBeInTheDocument();
    expect(callsTo('POST', '/services')).toHaveLength(1);
    expect(screen.getAllByText(/Your plan holds 3 services/)).toHaveLength(1);
    // No form errors: the inputs keep their values without an error text.
    expect(screen.getByLabelText(/^Name/)).not.toHaveAttribute('aria-invalid', 'true');
  });

  it('requires Name and Description on create', async () => {
    renderAdmin(declarations, '/services/new');
    fireEvent.change(await screen.findByLabelText(/^Sort order/), { target: { value: '3' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findAllByText('Required')).toHaveLength(2);
    expect(callsTo('POST', '/services')).toHaveLength(0);
  });

  it('copies a service: posts "Copy of <name>", reposts its prices for the copy, then opens the copy', async () => {
    const records: Service[] = [padel];
    server.use(
      listHandler('/services', records),
      http.post(`${API}/services`, async ({ request }) => {
        const copy = { ...padel, ...((await request.json()) as object), Id: 99, Prices: [] } as Service;
        records.push(copy);
        return HttpResponse.json(copy);
      }),
      http.post(`${API}/services/prices`, async ({ request }) => HttpResponse.json({ ...price(50), ...((await request.json()) as object) })),
    );
    const { location } = renderAdmin(declarations, '/services/5');
    await screen.findByDisplayValue('One hour on court');
    fireEvent.click(screen.getByRole('button', { name: 'Copy service' }));
    await waitFor(() => expect(location().pathname).toBe('/services/99'));
    expect(callsTo('POST', '/services')[0].body).toMatchObject({ Name: 'Copy of Padel', Description: 'One hour on court', Duration: 60 });
    const reposted = callsTo('POST', '/services/prices').map((c) => c.body);
    expect(reposted).toEqual([
      expect.objectContaining({ ServiceId: 99, Price: 250, VAT: 25, Category: 'Adult', DaysOfWeek: [1, 2], FromTime: '17:00:00', ToTime: '21:00:00' }),
      expect.objectContaining({ ServiceId: 99, Price: 150, Category: 'Child', DaysOfWeek: [] }),
    ]);
  });

  it('shows Staff, who may only read services, the service without Copy, Save or Delete', async () => {
    server.use(listHandler('/services', [padel]));
    renderAdmin(declarations, '/services/5', { authProvider: authProviderFor([ROLE_IDS.Staff]) });
    await screen.findByDisplayValue('One hour on court');
    await waitFor(() => expect(screen.queryByRole('button', { name: 'Copy service' })).toBeNull());
    expect(screen.queryByRole('button', { name: 'Save' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Delete' })).toBeNull();
  });

  it('shows an Administrator Copy and Save on the same screen', async () => {
    server.use(listHandler('/services', [padel]));
    renderAdmin(declarations, '/services/5', { authProvider: authProviderFor([ROLE_IDS.Administrator]) });
    expect(await screen.findByRole('button', { name: 'Copy service' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Save' })).toBeInTheDocument();
  });

  it('shows the server message when deleting is forbidden (403)', async () => {
    server.use(listHandler('/services', [padel]), http.delete(`${API}/services/5`, () => errorResponse(403, 'The service has bookings and cannot be deleted')));
    renderAdmin(declarations, '/services/5');
    await screen.findByDisplayValue('One hour on court');
    fireEvent.click(screen.getByRole('button', { name: 'Delete' }));
    fireEvent.click(await screen.findByRole('button', { name: 'Confirm' }));
    expect(await screen.findByText('The service has bookings and cannot be deleted')).toBeInTheDocument();
  });
});

describe('image input', () => {
  // jsdom's FormData and File are not the ones Node's fetch serialises; use Node's, as a browser would send its own.
  const jsdomFormData = globalThis.FormData;
  beforeAll(async () => {
    globalThis.FormData = (await new Response(new URLSearchParams('a=1')).formData()).constructor as typeof FormData;
  });
  afterAll(() => {
    globalThis.FormData = jsdomFormData;
  });

  it('rejects other files than images and images over 100000 bytes with warnings, uploads the rest to /images', async () => {
    const uploads: string[] = [];
    server.use(
      http.post(`${API}/images`, async ({ request }) => {
        uploads.push(await request.text());
        return HttpResponse.json({ ImageUrl: 'http://img.test/court.png', FolderType: 5 });
      }),
    );
    renderAdmin(declarations, '/services/new');
    const input = (await screen.findByTestId('ImageUrl-file')) as HTMLInputElement;
    fireEvent.change(input, { target: { files: [new File(['hello'], 'notes.txt', { type: 'text/plain' })] } });
    expect(await screen.findByText('The file is not an image. Choose an image file.')).toBeInTheDocument();
    fireEvent.change(input, { target: { files: [new File([new Uint8Array(100001)], 'big.png', { type: 'image/png' })] } });
    expect(await screen.findByText('The image is too large. The largest allowed size is 100 kB.')).toBeInTheDocument();
    expect(callsTo('POST', '/images')).toHaveLength(0);
    fireEvent.change(input, { target: { files: [new NodeFile([new Uint8Array(100000)], 'court.png', { type: 'image/png' })] } });
    await waitFor(() => expect(document.querySelector('img[src="http://img.test/court.png"]')).not.toBeNull());
    expect(uploads).toHaveLength(1);
    expect(callsTo('POST', '/images')[0].contentType).toMatch(/^multipart\/form-data/);
    expect(uploads[0]).toMatch(/name="FolderType"\r\n\r\n5\r\n/);
    expect(uploads[0]).toMatch(/name="file"; filename="court.png"/);
  });
});

describe('custom field values', () => {
  const customer: Customer = {
    Id: 3,
    Firstname: 'Anna',
    Lastname: 'Berg',
    Email: 'anna@example.com',
    Phone: null,
    PersonalIdentityNumber: null,
    ImageUrl: null,
    SubscribedToNewsletter: false,
    Visible: true,
    CustomFieldValues: [],
    InvoiceAddress: {},
    AccessKeys: [],
    LastActivity: null,
    Erased: null,
    Created: '2025-01-01T10:00:00',
    Updated: '2025-01-01T10:00:00',
  };

  it('validates each value by its field: mandatory message, pattern message, max length; multi-line is a textarea', async () => {
    customFields = [
      field({ Id: 1, Name: 'Member number', IsMandatory: true, MandatoryErrorMessage: 'Member number is needed', RegExId: '^\\d{4}$', RegExErrorMessage: 'Four digits please' }),
      field({ Id: 2, Name: 'Note', MaxLength: 5, MultipleLineText: true, SortOrder: 1 }),
      field({ Id: 3, Name: 'Level', DataType: 'DropDown', IsMandatory: true, MandatoryErrorMessage: 'Pick a level', SortOrder: 2, Values: [{ Value: 'Pro', SortOrder: 2 }, { Value: 'Beginner', SortOrder: 1 }] }),
      field({ Id: 4, Name: 'Racket brand', Table: 'Event' }),
    ];
    server.use(http.post(`${API}/customers`, async ({ request }) => HttpResponse.json({ ...customer, ...((await request.json()) as object), Id: 3 })), listHandler('/customers', [customer]));
    renderAdmin(declarations, '/customers/new');
    fireEvent.change(await screen.findByLabelText(/^First name/), { target: { value: 'Anna' } });
    fireEvent.change(screen.getByLabelText(/^Last name/), { target: { value: 'Berg' } });
    const member = await screen.findByLabelText(/^Member number/);
    expect(screen.queryByLabelText(/Racket brand/)).toBeNull();
    expect(screen.getByLabelText(/^Note/).tagName).toBe('TEXTAREA');
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Member number is needed')).toBeInTheDocument();
    expect(screen.getByText('Pick a level')).toBeInTheDocument();
    fireEvent.change(member, { target: { value: '12a' } });
    fireEvent.change(screen.getByLabelText(/^Note/), { target: { value: 'too long' } });
    expect(await screen.findByText('Four digits please')).toBeInTheDocument();
    expect(screen.getByText('Must be 5 characters or less')).toBeInTheDocument();
    expect(callsTo('POST', '/customers')).toHaveLength(0);

    fireEvent.change(member, { target: { value: '1234' } });
    fireEvent.change(screen.getByLabelText(/^Note/), { target: { value: 'ok' } });
    fireEvent.mouseDown(screen.getByRole('combobox', { name: /Level/ }));
    const options = await screen.findAllByRole('option');
    expect(options.map((o) => o.textContent?.trim()).filter(Boolean)).toEqual(['Beginner', 'Pro']);
    fireEvent.click(screen.getByRole('option', { name: 'Beginner' }));
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(callsTo('POST', '/customers')).toHaveLength(1));
    expect(callsTo('POST', '/customers')[0].body).toMatchObject({
      Firstname: 'Anna',
      Lastname: 'Berg',
      CustomFieldValues: [
        { Id: 1, Value: '1234' },
        { Id: 2, Value: 'ok' },
        { Id: 3, Value: 'Beginner' },
      ],
    });
  });
});

describe('customer personal identity number', () => {
  it('is checked when the field is left, by the company country’s rule, naming the field as the form labels it', async () => {
    server.use(http.get(`${API}/companies`, () => HttpResponse.json(list([{ Id: 1, Name: 'Demo', CountryId: 'SE', Country: 'Sverige' }]))));
    renderAdmin(declarations, '/customers/new');
    const pin = await screen.findByLabelText(/^Personal identity number/);
    fireEvent.change(pin, { target: { value: '19811218-9875' } });
    fireEvent.blur(pin);
    expect(await screen.findByText('This is not a valid personal identity number for SE.')).toBeInTheDocument();
    expect(callsTo('POST', '/customers')).toHaveLength(0);
    fireEvent.change(pin, { target: { value: '19811218-9876' } });
    fireEvent.blur(pin);
    await waitFor(() => expect(screen.queryByText('This is not a valid personal identity number for SE.')).toBeNull());
  });
});

describe('prices', () => {
  it('lists prices with the currency sign after the amount (before for $), days and times without seconds', async () => {
    server.use(
      listHandler('/services/prices', [price(11), price(12, { Price: 10, PriceSign: '$', DaysOfWeek: [], FromTime: null, ToTime: null })]),
      listHandler('/services', [padel]),
    );
    renderAdmin(declarations, '/prices');
    expect(await screen.findByText('250 kr')).toBeInTheDocument();
    expect(screen.getByText('$10')).toBeInTheDocument();
    expect(screen.getByText('Mon, Tue')).toBeInTheDocument();
    expect(screen.getByText('17:00–21:00')).toBeInTheDocument();
    expect(screen.getByText('All days')).toBeInTheDocument();
  });
});

describe('returning to where the user came from', () => {
  it("after adding a price from a service's Prices tab, returns to that tab", async () => {
    server.use(
      listHandler('/services', [padel]),
      listHandler('/services/prices', padel.Prices ?? []),
      http.post(`${API}/services/prices`, async ({ request }) => HttpResponse.json({ ...price(60), ...((await request.json()) as object) })),
    );
    const { location } = renderAdmin(declarations, '/services/5');
    fireEvent.click(await screen.findByRole('tab', { name: 'Prices' }));
    fireEvent.click(await screen.findByRole('link', { name: 'Add price' }));
    await waitFor(() => expect(location().pathname).toBe('/prices/new'));
    fireEvent.change(await screen.findByRole('spinbutton', { name: /^Price/ }), { target: { value: '300' } });
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(callsTo('POST', '/services/prices')).toHaveLength(1));
    expect(callsTo('POST', '/services/prices')[0].body).toMatchObject({ ServiceId: 5, Price: 300 });
    await waitFor(() => expect(`${location().pathname}${location().hash}`).toBe('/services/5#prices'));
  });

  it("an edit page's tabs follow the URL: the hash opens its tab, choosing a tab sets the hash (issue 30)", async () => {
    server.use(listHandler('/services', [padel]), listHandler('/services/prices', padel.Prices ?? []));
    const { location } = renderAdmin(declarations, '/services/5#prices');
    await waitFor(async () => expect((await screen.findByRole('tab', { name: 'Prices' })).getAttribute('aria-selected')).toBe('true'));
    fireEvent.click(screen.getAllByRole('tab')[0]!);
    await waitFor(() => expect(location().hash).toBe('#general'));
    expect(screen.getByRole('tab', { name: 'Prices' }).getAttribute('aria-selected')).toBe('false');
  });

  it('after adding an administrator from the company page, returns to its Administrators tab', async () => {
    server.use(
      http.get(`${API}/administrators/roles`, () => HttpResponse.json(list([{ Id: 1, Name: 'Administrator', Description: '' }]))),
      http.post(`${API}/administrators`, async ({ request }) => HttpResponse.json({ Id: 40, Roles: [], ...((await request.json()) as object) })),
    );
    const { location } = renderAdmin(declarations, `/administrators/new?returnTo=${encodeURIComponent('/company#administrators')}`);
    fireEvent.change(await screen.findByLabelText(/^First name/), { target: { value: 'Ny' } });
    fireEvent.change(screen.getByLabelText(/^Last name/), { target: { value: 'Admin' } });
    fireEvent.change(screen.getByLabelText(/^E-mail/), { target: { value: 'ny.admin@example.com' } });
    fireEvent.click(await screen.findByRole('checkbox', { name: 'Administrator' }));
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(callsTo('POST', '/administrators')).toHaveLength(1));
    await waitFor(() => expect(`${location().pathname}${location().hash}`).toBe('/company#administrators'));
  });

  it('never returns to another site', async () => {
    const { returnPath } = await import('../../src/engine/returnTo');
    expect(returnPath('?returnTo=%2F%2Fevil.example.com')).toBeUndefined();
    expect(returnPath('?returnTo=https%3A%2F%2Fevil.example.com')).toBeUndefined();
    expect(returnPath('?returnTo=%2Fservices%2F5%23prices')).toBe('/services/5#prices');
  });
});

describe('inactive customers', () => {
  it('on a 500 when deleting shows the delete inactive customers error and an empty list', async () => {
    const inactive = { Id: 8, Firstname: 'Old', Lastname: 'Timer', Email: 'old@example.com', Phone: null, LastActivity: '2019-05-01T10:00:00' };
    server.use(
      http.get(`${API}/gdpr/customers/inactive`, () => HttpResponse.json(list([inactive]))),
      http.delete(`${API}/gdpr/customers/inactive`, () => errorResponse(500, 'Database down')),
    );
    renderAdmin(declarations, '/customers/inactive', { roles: [ROLE_IDS.Administrator] });
    expect(await screen.findByText('Timer')).toBeInTheDocument();
    // Dates as every other screen writes them (src/i18n/format.ts), not the wire's '2019-05-01 10:00'.
    expect(screen.getByText(/^01\/05\/2019, 10:00$/)).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'Delete inactive customers' }));
    fireEvent.click(await screen.findByRole('button', { name: 'Confirm' }));
    expect(await screen.findByText('An error occurred while deleting inactive customers')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByText('Timer')).toBeNull());
    expect(screen.getByText('There are no inactive customers')).toBeInTheDocument();
  });
});

describe('inactive customers for Staff', () => {
  it('lists them without the button that deletes them all (Administrators only, as erasing one)', async () => {
    const inactive = { Id: 8, Firstname: 'Old', Lastname: 'Timer', Email: 'old@example.com', Phone: null, LastActivity: '2019-05-01T10:00:00' };
    server.use(http.get(`${API}/gdpr/customers/inactive`, () => HttpResponse.json(list([inactive]))));
    renderAdmin(declarations, '/customers/inactive', { roles: [ROLE_IDS.Staff] });
    expect(await screen.findByText('Timer')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Delete inactive customers' })).toBeNull();
  });
});

describe('administrators', () => {
  it('hides the password as it is typed, with a button to show it', async () => {
    server.use(http.get(`${API}/administrators/roles`, () => HttpResponse.json(list([{ Id: 1, Name: 'Administrator', Description: '' }]))));
    renderAdmin(declarations, '/administrators/new');
    const password = (await screen.findByLabelText(/^Password/)) as HTMLInputElement;
    expect(password.type).toBe('password');
    expect(password.autocomplete).toBe('new-password');
    fireEvent.click(screen.getByRole('button', { name: /show/i }));
    expect(password.type).toBe('text');
  });
});
