import { describe, expect, it } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import TemplatePage from '../../src/custom/newsletters/TemplatePage';
import NewslettersPage from '../../src/custom/newsletters/NewslettersPage';
import { API, calls, renderPage, server, startMockApi } from './customHarness';

startMockApi();

// jsdom has no layout: the editor scrolls the cursor into view through Range rectangles.
const noRect = { x: 0, y: 0, top: 0, left: 0, right: 0, bottom: 0, width: 0, height: 0, toJSON: () => ({}) };
Range.prototype.getClientRects ??= () => Object.assign([noRect], { item: () => noRect }) as unknown as DOMRectList;
Range.prototype.getBoundingClientRect ??= () => noRect as DOMRect;

const fields = [
  { Id: 'Customer.Firstname', Field: '{{ Customer.Firstname }}', Name: 'Customer first name' },
  { Id: 'Company.Name', Field: '{{ Company.Name }}', Name: 'Company name' },
];

describe('newsletter template editor', () => {
  it('inserts a clicked merge field into the body at the cursor, and saves it', async () => {
    server.use(
      http.get(`${API}/newsletter/fieldtranslations`, () => HttpResponse.json(fields)),
      http.post(`${API}/newsletter/templates`, () => HttpResponse.json({ Id: 9, Heading: 'Spring', Body: '', ImageUrl: null, SendMethodId: 1 })),
    );
    renderPage(<TemplatePage />, '/newsletters/new');
    const user = userEvent.setup();
    await user.type(await screen.findByRole('textbox', { name: /heading/i }), 'Spring');
    const editor = await waitFor(() => {
      const found = document.querySelector<HTMLElement>('.ProseMirror');
      expect(found).not.toBeNull();
      return found!;
    });
    await user.click(await screen.findByRole('button', { name: 'Customer first name' }));
    await waitFor(() => expect(editor.textContent).toContain('{{ Customer.Firstname }}'));
    await user.click(screen.getByRole('button', { name: 'Company name' }));
    await waitFor(() => expect(editor.textContent).toBe('{{ Customer.Firstname }}{{ Company.Name }}'));

    await user.click(screen.getByRole('button', { name: /save/i }));
    await waitFor(() => expect(calls.some((c) => c.method === 'POST' && c.path === '/newsletter/templates')).toBe(true));
    const saved = calls.find((c) => c.method === 'POST' && c.path === '/newsletter/templates')!.body as { Body: string };
    expect(saved.Body).toContain('{{ Customer.Firstname }}{{ Company.Name }}');
  });
});

describe('newsletters page', () => {
  const empty = () => HttpResponse.json({ Offset: 0, Total: 0, Results: [] });
  it('filters the log by receiver and sent, and shows no such filters on the templates tab', async () => {
    server.use(http.get(`${API}/newsletter/log`, empty), http.get(`${API}/newsletter/templates`, empty), http.get(`${API}/newsletter/sends`, empty));
    renderPage(<NewslettersPage />, '/newsletters#newsletterlog');
    const user = userEvent.setup();
    await user.click(await screen.findByRole('switch', { name: 'Sent only' }));
    await waitFor(() => expect(calls.some((c) => c.path === '/newsletter/log' && c.search.get('Sent') === 'true')).toBe(true));
    await user.click(screen.getByRole('tab', { name: /templates/i }));
    await screen.findByRole('tabpanel');
    expect(screen.queryByRole('switch', { name: 'Sent only' })).toBeNull();
    expect(screen.queryByRole('searchbox', { name: 'Search receiver' })).toBeNull();
    const templateCalls = calls.filter((c) => c.path === '/newsletter/templates');
    expect(templateCalls.length).toBeGreaterThan(0);
    for (const c of templateCalls) {
      expect(c.search.has('Sent')).toBe(false);
      expect(c.search.has('ReceiverContains')).toBe(false);
    }
  });
});
