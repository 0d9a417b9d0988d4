import { describe, expect, it, vi } from 'vitest';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import polyglotI18nProvider from 'ra-i18n-polyglot';
import englishMessages from 'ra-language-english';
import { AdminContext, Form, required, SaveButton } from 'react-admin';
import { PickerInput } from '../../src/common/inputs/DateTimeInputs';
import type { Language } from '../../src/i18n/languages';
import { pick, pickerInput } from './pickers';


function renderForm(locale: Language, defaultValues: Record<string, unknown>, onSubmit = vi.fn()) {
  const i18nProvider = polyglotI18nProvider(() => englishMessages, locale, [{ locale, name: locale }], { allowMissing: true });
  render(
    <AdminContext i18nProvider={i18nProvider}>
      <Form defaultValues={defaultValues} onSubmit={onSubmit}>
        <PickerInput kind="date" source="Day" label="Day" validate={required()} />
        <PickerInput kind="time" source="Start" label="Start" />
        <PickerInput kind="datetime" source="At" label="At" />
        <SaveButton alwaysEnable />
      </Form>
    </AdminContext>,
  );
  return onSubmit;
}

describe('date and time fields', () => {
  it.each([
    ['sv', '2025-06-10', '09:30', '2025-06-10 18:05'],
    ['fi', '10.06.2025', '09:30', '10.06.2025 18:05'],
    ['no', '10.06.2025', '09:30', '10.06.2025 18:05'],
    ['en', '10/06/2025', '09:30', '10/06/2025 18:05'],
  ] as const)('show dates and times the way %s writes them', async (locale, day, start, at) => {
    renderForm(locale, { Day: '2025-06-10T00:00:00', Start: '09:30:00', At: '2025-06-10T18:05:00' });
    await waitFor(() => expect(pickerInput(/^Day/).value).toBe(day));
    expect(pickerInput(/^Start/).value).toBe(start);
    expect(pickerInput(/^At/).value).toBe(at);
  });

  it('write what is typed in the contract form, without a zone', async () => {
    const onSubmit = renderForm('sv', { Day: null, Start: null, At: null });
    pick(/^Day/, '2026-01-31');
    pick(/^Start/, '07:45');
    pick(/^At/, '2026-02-01 23:15');
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(onSubmit).toHaveBeenCalled());
    expect(onSubmit.mock.calls[0][0]).toEqual({ Day: '2026-01-31', Start: '07:45', At: '2026-02-01T23:15:00' });
  });

  it('refuse a missing required date with a field error and do not submit', async () => {
    const onSubmit = renderForm('en', { Day: null, Start: null, At: null });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Required')).toBeInTheDocument();
    expect(onSubmit).not.toHaveBeenCalled();
    pick(/^Day/, '10/06/2025');
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(onSubmit).toHaveBeenCalled());
    expect(onSubmit.mock.calls[0][0]).toEqual({ Day: '2025-06-10', Start: null, At: null });
  });



});
