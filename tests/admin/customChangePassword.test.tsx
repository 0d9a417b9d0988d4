import { describe, expect, it } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import ChangePasswordPage from '../../src/custom/account/ChangePasswordPage';
import { API, calls, fieldErrorResponse, renderPage, server, startMockApi } from './customHarness';

startMockApi();

const input = (name: string) => screen.getByLabelText(new RegExp(`^${name}`, 'i'), { selector: 'input' });

async function fill(user: ReturnType<typeof userEvent.setup>, current: string, next: string, repeat: string) {
  await user.type(input('Current password'), current);
  await user.type(input('New password'), next);
  await user.type(input('Repeat new password'), repeat);
  await user.click(screen.getByRole('button', { name: 'Change password' }));
}

describe('change password', () => {
  it('sends the current and new password and confirms the change', async () => {
    server.use(http.put(`${API}/users/password`, () => new HttpResponse(null, { status: 204 })));
    const user = userEvent.setup();
    renderPage(<ChangePasswordPage />, '/change-password');
    await fill(user, 'demo', 'a-better-secret', 'a-better-secret');
    expect(await screen.findByText('Your password has been changed')).toBeInTheDocument();
    expect(calls).toEqual([expect.objectContaining({ method: 'PUT', path: '/users/password', body: { CurrentPassword: 'demo', NewPassword: 'a-better-secret' } })]);
    await waitFor(() => expect(input('Current password')).toHaveValue(''));
  });

  it('shows the server message under the field it names', async () => {
    server.use(
      http.put(`${API}/users/password`, () =>
        fieldErrorResponse('The current password is wrong', [{ FieldName: 'CurrentPassword', Message: 'The current password is wrong' }]),
      ),
    );
    const user = userEvent.setup();
    renderPage(<ChangePasswordPage />, '/change-password');
    await fill(user, 'not-it', 'a-better-secret', 'a-better-secret');
    await waitFor(() => expect(input('Current password')).toHaveAccessibleDescription('The current password is wrong'));
    expect(screen.queryByText('Your password has been changed')).not.toBeInTheDocument();
  });

  it('does not send when the repeated password differs', async () => {
    const user = userEvent.setup();
    renderPage(<ChangePasswordPage />, '/change-password');
    await fill(user, 'demo', 'a-better-secret', 'a-better-secreT');
    await waitFor(() => expect(input('Repeat new password')).toHaveAccessibleDescription('The passwords do not match'));
    expect(calls).toHaveLength(0);
  });
});
