import { act, fireEvent, render, screen } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { DIALOG_CLOSE_DELAY_MS } from '../../components/ui/dialog.tsx';
import HomePopup from './home-popup.tsx';

function renderPopup(onClose: () => void) {
  const router = createMemoryRouter([
    {
      path: '/',
      element: <HomePopup open onClose={onClose} shopName="Larder & Oat" />,
    },
    { path: '/shop', element: <p>The shop</p> },
  ]);
  render(<RouterProvider router={router} />);
  return router;
}

describe('HomePopup', () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('is a labelled modal dialog with focus inside and a way to the shop', () => {
    renderPopup(vi.fn());
    const dialog = screen.getByRole('dialog', { name: 'Welcome to Larder & Oat' });
    expect(dialog.getAttribute('aria-modal')).toBe('true');
    expect(dialog.contains(document.activeElement)).toBe(true);
    expect(screen.getByRole('link', { name: 'Shop granola' }).getAttribute('href')).toBe('/shop');
  });

  it('closes on Escape like every dialog of the shop (spec §2)', () => {
    const onClose = vi.fn();
    renderPopup(onClose);
    fireEvent.keyDown(document, { key: 'Escape' });
    act(() => {
      vi.advanceTimersByTime(DIALOG_CLOSE_DELAY_MS);
    });
    expect(onClose).toHaveBeenCalledTimes(1);
  });

  it('closes as its link takes the visitor to the shop', () => {
    const onClose = vi.fn();
    const router = renderPopup(onClose);
    fireEvent.click(screen.getByRole('link', { name: 'Shop granola' }));
    act(() => {
      vi.advanceTimersByTime(DIALOG_CLOSE_DELAY_MS);
    });
    expect(router.state.location.pathname).toBe('/shop');
    expect(onClose).toHaveBeenCalledTimes(1);
  });
});
