import { describe, expect, it } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import TemplatePage from '../../src/custom/newsletters/TemplatePage';
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
