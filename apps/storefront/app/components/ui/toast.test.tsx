import { act, render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { AppToastContainer, notify } from './toast.tsx';

describe('notify', () => {
  it('shows a counter instead of stacking a repeated message', async () => {
    render(<AppToastContainer />);
    act(() => {
      notify({ message: 'Item added to cart', type: 'success' });
    });
    await screen.findByText('Item added to cart');
    expect(screen.queryByTestId('toast-count')).toBeNull();

    act(() => {
      notify({ message: 'Item added to cart', type: 'success' });
      notify({ message: 'Item added to cart', type: 'success' });
    });
    expect((await screen.findByTestId('toast-count')).textContent).toBe('×3');
    expect(screen.getAllByText('Item added to cart')).toHaveLength(1);
  });

  it('shows a different message as its own toast, with its title', async () => {
    render(<AppToastContainer />);
    act(() => {
      notify({ title: 'Thanks!', message: 'Your review as been added' });
      notify({ message: 'Something else' });
    });
    expect(await screen.findByText('Thanks!')).toBeTruthy();
    expect(await screen.findByText('Something else')).toBeTruthy();
  });
});
