import { fireEvent, render, screen, within } from '@testing-library/react';
import { createRoutesStub, useLocation } from 'react-router';
import { describe, expect, it } from 'vitest';
import { SiteHeader } from './site-header.tsx';

function renderHeaderAt(path: string) {
  const Stub = createRoutesStub([
    { path: '*', Component: () => <SiteHeader overlay shopName="Larder & Oat" /> },
  ]);
  render(<Stub initialEntries={[path]} />);
}

async function mainNav() {
  return within(await screen.findByTestId('main-nav'));
}

const current = (link: HTMLElement) => link.getAttribute('aria-current');

describe('SiteHeader navigation (spec §2)', () => {
  it('lists the seven links in order', async () => {
    renderHeaderAt('/');
    const links = (await mainNav()).getAllByRole('link');
    expect(links.map((link) => [link.textContent, link.getAttribute('href')])).toEqual([
      ['Home', '/'],
      ['Shop', '/shop'],
      ['About', '/about'],
      ['Locations', '/where-to-buy'],
      ['Wholesale', '/wholesale'],
      ['Blog', '/blog'],
      ['Contact', '/contact'],
    ]);
  });

  it('highlights Blog on a nested blog path (prefix match) and nothing else', async () => {
    renderHeaderAt('/blog/some-post');
    const nav = await mainNav();
    expect(current(nav.getByRole('link', { name: 'Blog' }))).toBe('page');
    expect(current(nav.getByRole('link', { name: 'Home' }))).toBeNull();
  });

  it('does not highlight Shop below /shop (exact match)', async () => {
    renderHeaderAt('/shop/x');
    const nav = await mainNav();
    expect(current(nav.getByRole('link', { name: 'Shop' }))).toBeNull();
    expect(nav.queryAllByRole('link').filter((link) => current(link) === 'page')).toHaveLength(0);
  });

  it('highlights Shop, Home and About only on their exact path', async () => {
    renderHeaderAt('/shop');
    expect(current((await mainNav()).getByRole('link', { name: 'Shop' }))).toBe('page');
  });

  it('highlights Locations and Wholesale on prefix match', async () => {
    renderHeaderAt('/where-to-buy/portland');
    expect(current((await mainNav()).getByRole('link', { name: 'Locations' }))).toBe('page');
  });

  it('shows Sign in and Sign up to visitors', async () => {
    renderHeaderAt('/');
    const account = within(await screen.findByRole('navigation', { name: 'Account' }));
    expect(account.getByRole('link', { name: 'Sign in' }).getAttribute('href')).toBe('/login');
    expect(account.getByRole('link', { name: 'Sign up' }).getAttribute('href')).toBe('/sign-up');
  });
});

describe('SiteHeader product search', () => {
  it("takes a labelled search to the shop's own search, /shop?q=", async () => {
    const Stub = createRoutesStub([
      { path: '*', Component: () => <SiteHeader overlay shopName="Larder & Oat" /> },
      { path: '/shop', Component: () => <p>{`shop ${useLocation().search}`}</p> },
    ]);
    render(<Stub initialEntries={['/about']} />);
    const search = await screen.findByRole('search');
    const box = within(search).getByRole('searchbox', { name: 'Search products' });
    fireEvent.change(box, { target: { value: 'maple' } });
    fireEvent.click(within(search).getByRole('button', { name: 'Search' }));
    expect(await screen.findByText('shop ?q=maple')).toBeTruthy();
  });
});
