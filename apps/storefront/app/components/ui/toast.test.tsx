import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
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

describe('the extended timeout (spec §9)', () => {
  // react-toastify's clock is its progress bar's CSS animation: its duration is the time left, and
  // the toast closes when it ends (the browser test e2e/toasts.spec.ts watches that happen).
  const progressOf = (toast: HTMLElement) => {
    const bar = toast.querySelector<HTMLElement>('[role="progressbar"]');
    if (!bar) throw new Error('The toast has no progress bar');
    return bar;
  };
  const showToast = async (message: string) => {
    render(<AppToastContainer />);
    act(() => {
      notify({ message });
    });
    const text = await screen.findByText(message);
    const toast = text.closest<HTMLElement>('.Toastify__toast');
    if (!toast) throw new Error('No toast around the message');
    fireEvent.animationEnd(toast); // the slide-in transition: the timer starts when it ends
    await waitFor(() => expect(progressOf(toast).style.animationPlayState).toBe('running'));
    expect(progressOf(toast).style.animationDuration).toBe('5000ms');
    return toast;
  };

  it('holds a hovered toast, and gives it 1000 ms more once the pointer leaves', async () => {
    const toast = await showToast('Hover me');
    fireEvent.mouseEnter(toast);
    await waitFor(() => expect(progressOf(toast).style.animationPlayState).toBe('paused'));

    fireEvent.mouseLeave(toast, { relatedTarget: document.body });
    await waitFor(() => expect(progressOf(toast).style.animationDuration).toBe('1000ms'));
    expect(progressOf(toast).style.animationPlayState).toBe('running');
  });

  it('holds a toast while keyboard focus is on it, and gives it 1000 ms more after', async () => {
    const toast = await showToast('Focus me');
    fireEvent.focusIn(toast);
    await waitFor(() => expect(progressOf(toast).style.animationPlayState).toBe('paused'));

    // Moving between the toast and its own close button keeps it held.
    const close = within(toast).getByRole('button', { name: /close/i });
    fireEvent.focusOut(toast, { relatedTarget: close });
    expect(progressOf(toast).style.animationPlayState).toBe('paused');

    fireEvent.focusOut(close, { relatedTarget: document.body });
    await waitFor(() => expect(progressOf(toast).style.animationDuration).toBe('1000ms'));
    expect(progressOf(toast).style.animationPlayState).toBe('running');
  });
});
