import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { createRoutesStub } from 'react-router';
import { describe, expect, it } from 'vitest';
import { SiteHeader } from './site-header.tsx';
import { SHOP } from './test-data.ts';

async function renderHeader() {
  const Stub = createRoutesStub([
    {
      // The menu reads the shop's details from the root loader, as in the app.
      id: 'root',
      path: '*',
      loader: () => ({
        siteConfig: { shop: SHOP, newsletterSignupUrl: 'https://newsletter.test/subscribe' },
      }),
      Component: () => <SiteHeader overlay shopName={SHOP.name} />,
    },
  ]);
  render(<Stub initialEntries={['/']} />);
  return screen.findByTestId('mobile-menu-toggle');
}

const menu = () => screen.getByTestId('mobile-menu');
/** The menu loads at the first open (or when the pointer or focus reaches the toggle). */
const openedMenu = async (toggle: HTMLElement) => {
  fireEvent.click(toggle);
  return screen.findByTestId('mobile-menu');
};

describe('mobile menu (spec §2)', () => {
  it('opens from the toggle, which reports its state and controls the menu', async () => {
    const toggle = await renderHeader();
    expect(toggle.getAttribute('aria-expanded')).toBe('false');
    expect(screen.queryByTestId('mobile-menu')).toBeNull();
    const panel = await openedMenu(toggle);
    expect(toggle.getAttribute('aria-expanded')).toBe('true');
    expect(toggle.getAttribute('aria-controls')).toBe(panel.id);
    expect(panel.dataset.open).toBe('true');
    await waitFor(() => expect(panel.contains(document.activeElement)).toBe(true));
  });

  it('closes on overlay click', async () => {
    await openedMenu(await renderHeader());
    fireEvent.click(screen.getByTestId('mobile-menu-overlay'));
    expect(menu().dataset.open).toBe('false');
  });

  it('closes on Escape and returns focus to the toggle', async () => {
    const toggle = await renderHeader();
    await openedMenu(toggle);
    fireEvent.keyDown(document, { key: 'Escape' });
    expect(menu().dataset.open).toBe('false');
    expect(document.activeElement).toBe(toggle);
  });

  it('loads closed when the pointer reaches the toggle, so the first open slides in', async () => {
    const toggle = await renderHeader();
    fireEvent.pointerEnter(toggle);
    expect((await screen.findByTestId('mobile-menu')).dataset.open).toBe('false');
    expect(toggle.getAttribute('aria-expanded')).toBe('false');
  });

  it('closes when a link is followed', async () => {
    await openedMenu(await renderHeader());
    fireEvent.click(within(menu()).getByRole('link', { name: 'Shop' }));
    expect(menu().dataset.open).toBe('false');
  });

  it("carries the footer's policy links, contact details, newsletter sign-up and social links", async () => {
    const panel = within(await openedMenu(await renderHeader()));
    const policies = within(panel.getByRole('navigation', { name: 'Policies' }));
    expect(
      policies.getAllByRole('link').map((link) => [link.textContent, link.getAttribute('href')]),
    ).toEqual([
      ['Privacy Policy', '/privacy-policy'],
      ['Terms Of Service', '/terms-and-conditions'],
      ['Shipping Policy', '/shipping-policy'],
    ]);
    const contact = within(panel.getByRole('region', { name: 'Visit the bakery' }));
    expect(contact.getByText('12 Mill Street')).toBeTruthy();
    expect(contact.getByText('Durham, NC 27701')).toBeTruthy();
    expect(contact.getByRole('link', { name: '(919) 555-0142' }).getAttribute('href')).toBe(
      'tel:9195550142',
    );
    expect(contact.getByRole('link', { name: 'hello@larder.example' }).getAttribute('href')).toBe(
      'mailto:hello@larder.example',
    );
    const newsletter = within(panel.getByRole('region', { name: 'Sign Up to Our Newsletter' }));
    expect(
      newsletter.getByRole('textbox', { name: 'Or join with your email address' }),
    ).toBeTruthy();
    expect(newsletter.getByRole('link', { name: /Subscribe/ }).getAttribute('href')).toBe(
      'https://newsletter.test/subscribe',
    );
    expect(
      within(newsletter.getByRole('list', { name: 'Social media' }))
        .getAllByRole('link')
        .map((link) => link.getAttribute('aria-label')),
    ).toEqual(['Facebook', 'Instagram', 'X', 'LinkedIn']);
  });

  it('closes when a policy link is followed', async () => {
    await openedMenu(await renderHeader());
    fireEvent.click(within(menu()).getByRole('link', { name: 'Shipping Policy' }));
    expect(menu().dataset.open).toBe('false');
  });

  it('keeps Tab inside the open menu, both ways', async () => {
    const panel = await openedMenu(await renderHeader());
    // jsdom lays nothing out: give every control a box, as a browser under 1200 px would.
    for (const element of panel.querySelectorAll<HTMLElement>('a, button, input')) {
      element.getClientRects = () => [new DOMRect(0, 0, 10, 10)] as unknown as DOMRectList;
    }
    const controls = [...panel.querySelectorAll<HTMLElement>('a[href], button, input')];
    const first = controls[0]!;
    const last = controls.at(-1)!;
    last.focus();
    fireEvent.keyDown(document, { key: 'Tab' });
    expect(document.activeElement).toBe(first);
    fireEvent.keyDown(document, { key: 'Tab', shiftKey: true });
    expect(document.activeElement).toBe(last);
  });
});
