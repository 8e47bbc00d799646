import { act, fireEvent, render, screen } from '@testing-library/react';
import { useState } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { Dialog, DIALOG_CLOSE_DELAY_MS } from './dialog.tsx';
import { anchoredPosition } from './dialog-position.ts';

function Harness({ onClose }: { onClose: () => void }) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <button type="button" onClick={() => setOpen(true)}>
        Open nutrition facts
      </button>
      <Dialog
        open={open}
        title="Nutrition facts"
        onClose={() => {
          onClose();
          setOpen(false);
        }}
      >
        <a href="#first">First</a>
        <button type="button">Last</button>
      </Dialog>
    </>
  );
}

function openDialog() {
  const onClose = vi.fn();
  render(<Harness onClose={onClose} />);
  const opener = screen.getByRole('button', { name: 'Open nutrition facts' });
  opener.focus();
  fireEvent.click(opener);
  return { onClose, opener, dialog: screen.getByRole('dialog', { name: 'Nutrition facts' }) };
}

/** Spec §4/§9: the close event comes 250 ms after closing starts, not before. */
function expectClosedAfterDelay(onClose: ReturnType<typeof vi.fn>) {
  act(() => {
    vi.advanceTimersByTime(DIALOG_CLOSE_DELAY_MS - 1);
  });
  expect(onClose).not.toHaveBeenCalled();
  expect(screen.getByRole('dialog').dataset.state).toBe('closing');
  act(() => {
    vi.advanceTimersByTime(1);
  });
  expect(onClose).toHaveBeenCalledTimes(1);
  expect(screen.queryByRole('dialog')).toBeNull();
}

describe('Dialog', () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('is a labelled modal dialog that takes focus', () => {
    const { dialog } = openDialog();
    expect(dialog.getAttribute('aria-modal')).toBe('true');
    expect(dialog.contains(document.activeElement)).toBe(true);
  });

  it('closes on Escape, emits onClose after 250 ms and gives focus back to the opener', () => {
    const { onClose, opener } = openDialog();
    fireEvent.keyDown(document, { key: 'Escape', keyCode: 27 });
    expectClosedAfterDelay(onClose);
    expect(document.activeElement).toBe(opener);
  });

  it('closes on overlay click', () => {
    const { onClose } = openDialog();
    fireEvent.click(screen.getByTestId('dialog-overlay'));
    expectClosedAfterDelay(onClose);
  });

  it('closes from its close button', () => {
    const { onClose } = openDialog();
    fireEvent.click(screen.getByRole('button', { name: 'Close dialog' }));
    expectClosedAfterDelay(onClose);
  });

  it('pushes a history entry and closes on browser back', () => {
    const pushState = vi.spyOn(window.history, 'pushState');
    const { onClose } = openDialog();
    expect(pushState).toHaveBeenCalledTimes(1);
    pushState.mockRestore();
    act(() => {
      window.dispatchEvent(new PopStateEvent('popstate', { state: null }));
    });
    expectClosedAfterDelay(onClose);
  });

  it('keeps Tab inside the dialog', () => {
    const { dialog } = openDialog();
    const close = screen.getByRole('button', { name: 'Close dialog' });
    const last = screen.getByRole('button', { name: 'Last' });
    last.focus();
    fireEvent.keyDown(dialog, { key: 'Tab' });
    expect(document.activeElement).toBe(close);
    fireEvent.keyDown(dialog, { key: 'Tab', shiftKey: true });
    expect(document.activeElement).toBe(last);
  });

  it('ignores a second close request while closing', () => {
    const { onClose } = openDialog();
    fireEvent.keyDown(document, { key: 'Escape' });
    fireEvent.click(screen.getByTestId('dialog-overlay'));
    act(() => {
      vi.advanceTimersByTime(DIALOG_CLOSE_DELAY_MS * 2);
    });
    expect(onClose).toHaveBeenCalledTimes(1);
  });
});

describe('anchoredPosition (spec §9)', () => {
  const viewport = { width: 1000, height: 800 };
  const size = { width: 300, height: 200 };

  it('centres over the anchor, 75 px above it', () => {
    expect(anchoredPosition({ x: 500, y: 500 }, size, viewport)).toEqual({ left: 350, top: 225 });
  });

  it('stays 50 px inside the window edges', () => {
    expect(anchoredPosition({ x: 10, y: 20 }, size, viewport)).toEqual({ left: 50, top: 50 });
    expect(anchoredPosition({ x: 990, y: 790 }, size, viewport)).toEqual({ left: 650, top: 515 });
  });
});
