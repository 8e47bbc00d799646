import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { createRoutesStub } from 'react-router';
import { describe, expect, it } from 'vitest';
import { SiteHeader } from './site-header.tsx';

async function renderHeader() {
  const Stub = createRoutesStub([
    { path: '*', Component: () => <SiteHeader overlay shopName="Larder & Oat" /> },
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
});
