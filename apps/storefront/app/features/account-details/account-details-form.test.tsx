import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createRoutesStub } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { useSessionStore } from '../account/session-store.ts';
import { aCustomer } from '../account/test-data.ts';
import { AccountDetailsForm } from './account-details-form.tsx';

const customer = aCustomer({ id: 31, email: 'ada@example.com' });

function renderForm() {
  const Stub = createRoutesStub([
    { path: '/', Component: () => <AccountDetailsForm customer={customer} countries={[]} /> },
  ]);
  render(<Stub />);
  return userEvent.setup();
}

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('AccountDetailsForm: changing the email', () => {
  it('asks for the current password once the email differs, sends it, and says where the link went', async () => {
    // The API keeps the old address until the link is opened.
    const fetchMock = vi.fn(
      async (_url: string, _init?: RequestInit) =>
        new Response(JSON.stringify(customer), {
          status: 200,
          headers: { 'content-type': 'application/json' },
        }),
    );
    vi.stubGlobal('fetch', fetchMock);
    const user = renderForm();
    expect(screen.queryByLabelText('Current password')).toBeNull();

    const email = await screen.findByLabelText('Email');
    await user.clear(email);
    await user.type(email, 'ada.new@example.com');
    await user.click(screen.getByRole('button', { name: 'Save changes' }));
    const password = await screen.findByLabelText('Current password');
    expect(
      await screen.findByText('Enter your current password to change your email address.'),
    ).toBeTruthy();
    expect(fetchMock).not.toHaveBeenCalled();

    await user.type(password, 'oats and honey at dawn');
    await user.click(screen.getByRole('button', { name: 'Save changes' }));
    expect((await screen.findByTestId('account-details-success')).textContent).toBe(
      'We sent a link to ada.new@example.com — the address changes when you open it.',
    );
    const [url, init] = fetchMock.mock.calls[0]!;
    expect(url).toBe('/wp-json/wc/v3/customers/31');
    expect(JSON.parse(String(init?.body))).toMatchObject({
      email: 'ada.new@example.com',
      current_password: 'oats and honey at dawn',
    });
    // The form shows the account's address again, which stays until the link is opened.
    expect((screen.getByLabelText('Email') as HTMLInputElement).value).toBe('ada@example.com');
    expect(screen.queryByLabelText('Current password')).toBeNull();
  });
});

describe('AccountDetailsForm: the saved confirmation', () => {
  it('announces the save in a live region that stays until a field is edited again', async () => {
    const saved = aCustomer({ id: 31, email: 'ada@example.com', first_name: 'Adele' });
    vi.stubGlobal(
      'fetch',
      vi.fn(
        async () =>
          new Response(JSON.stringify(saved), {
            status: 200,
            headers: { 'content-type': 'application/json' },
          }),
      ),
    );
    const user = renderForm();
    // The region is there before anything is said in it, so the message is announced.
    const status = await screen.findByTestId('account-details-status');
    expect(status.getAttribute('role')).toBe('status');
    expect(status.textContent).toBe('');

    const [firstName] = screen.getAllByLabelText('First name');
    await user.clear(firstName!);
    await user.type(firstName!, 'Adele');
    await user.click(screen.getByRole('button', { name: 'Save changes' }));
    expect((await screen.findByTestId('account-details-success')).textContent).toBe(
      'Your account details have been saved.',
    );
    expect(useSessionStore.getState().customer?.first_name).toBe('Adele');

    // Moving about the form does not take it away...
    await user.tab();
    await user.tab();
    expect(status.textContent).toBe('Your account details have been saved.');
    // ...editing a field does.
    await user.type(screen.getAllByLabelText('Last name')[0]!, 's');
    expect(status.textContent).toBe('');
  });
});
