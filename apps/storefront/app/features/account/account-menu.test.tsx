import { act, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createRoutesStub } from 'react-router';
import { afterEach, describe, expect, it } from 'vitest';
import { AccountMenu } from './account-menu.tsx';
import { useSessionStore } from './session-store.ts';
import { aCustomer } from './test-data.ts';

function renderMenu() {
  const Stub = createRoutesStub([{ path: '*', Component: AccountMenu }]);
  render(<Stub initialEntries={['/']} />);
}

afterEach(() => {
  act(() => useSessionStore.setState({ customer: null, remember: false }));
  localStorage.clear();
});

describe('AccountMenu (spec §2 top bar)', () => {
  it('offers Sign in and Sign up to a visitor', async () => {
    renderMenu();
    const nav = within(await screen.findByRole('navigation', { name: 'Account' }));
    expect(nav.getByRole('link', { name: 'Sign in' }).getAttribute('href')).toBe('/login');
    expect(nav.getByRole('link', { name: 'Sign up' }).getAttribute('href')).toBe('/sign-up');
  });

  it('opens from its button for a signed-in customer; Escape closes it and returns focus', async () => {
    act(() => useSessionStore.setState({ customer: aCustomer() }));
    const user = userEvent.setup();
    renderMenu();
    expect((await screen.findByRole('link', { name: 'My account' })).getAttribute('href')).toBe(
      '/my-account',
    );
    const toggle = await screen.findByRole('button', { name: 'Account menu' });
    expect(toggle.getAttribute('aria-expanded')).toBe('false');
    expect(screen.queryByRole('link', { name: 'Order history' })).toBeNull();

    await user.click(toggle);
    expect(toggle.getAttribute('aria-expanded')).toBe('true');
    const menu = within(screen.getByTestId('account-menu'));
    expect(menu.getAllByRole('listitem').map((item) => item.textContent)).toEqual([
      'Order history',
      'Account details',
      'Sign out',
    ]);
    await user.tab();
    expect(document.activeElement?.textContent).toBe('Order history');

    await user.keyboard('{Escape}');
    expect(toggle.getAttribute('aria-expanded')).toBe('false');
    expect(document.activeElement).toBe(toggle);
  });

  it('tabbing out of the open menu closes it', async () => {
    act(() => useSessionStore.setState({ customer: aCustomer() }));
    const user = userEvent.setup();
    renderMenu();
    const toggle = await screen.findByRole('button', { name: 'Account menu' });
    await user.click(toggle);
    await user.tab();
    await user.tab();
    await user.tab();
    expect(document.activeElement?.textContent).toBe('Sign out');
    await user.tab();
    expect(toggle.getAttribute('aria-expanded')).toBe('false');
  });
});
