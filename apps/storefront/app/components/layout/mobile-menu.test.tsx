import { fireEvent, render, screen, within } from '@testing-library/react';
import { createRoutesStub } from 'react-router';
import { describe, expect, it } from 'vitest';
import { SiteHeader } from './site-header.tsx';

async function renderHeader() {
  const Stub = createRoutesStub([{ path: '*', Component: () => <SiteHeader overlay /> }]);
  render(<Stub initialEntries={['/']} />);
  return screen.findByTestId('mobile-menu-toggle');
}

const menu = () => screen.getByTestId('mobile-menu');

describe('mobile menu (spec §2)', () => {
  it('opens from the toggle, which reports its state and controls the menu', async () => {
    const toggle = await renderHeader();
    expect(toggle.getAttribute('aria-expanded')).toBe('false');
    expect(toggle.getAttribute('aria-controls')).toBe(menu().id);
    fireEvent.click(toggle);
    expect(toggle.getAttribute('aria-expanded')).toBe('true');
    expect(menu().dataset.open).toBe('true');
    expect(menu().contains(document.activeElement)).toBe(true);
  });

  it('closes on overlay click', async () => {
    fireEvent.click(await renderHeader());
    fireEvent.click(screen.getByTestId('mobile-menu-overlay'));
    expect(menu().dataset.open).toBe('false');
  });

  it('closes on Escape and returns focus to the toggle', async () => {
    const toggle = await renderHeader();
    fireEvent.click(toggle);
    fireEvent.keyDown(document, { key: 'Escape' });
    expect(menu().dataset.open).toBe('false');
    expect(document.activeElement).toBe(toggle);
  });

  it('closes when a link is followed', async () => {
    fireEvent.click(await renderHeader());
    fireEvent.click(within(menu()).getByRole('link', { name: 'Shop' }));
    expect(menu().dataset.open).toBe('false');
  });
});
