import { act, renderHook, waitFor } from '@testing-library/react';
import { BrowserRouter, useNavigate } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { usePageViews } from './use-page-views.ts';

const plausible = {
  provider: 'plausible',
  domain: 'larder.test',
  apiHost: 'https://stats.test',
} as const;

/** The URLs of the page views sent to Plausible, in order. */
function stubBeacon() {
  const sent: string[] = [];
  const beacon = vi.fn((_url: string, body: Blob) => {
    void body.text().then((text) => sent.push((JSON.parse(text) as { url: string }).url));
    return true;
  });
  Object.defineProperty(navigator, 'sendBeacon', { value: beacon, configurable: true });
  return { sent, beacon };
}

describe('usePageViews', () => {
  afterEach(() => window.history.replaceState(null, '', '/'));

  it('counts the landing page when the shopper moves on before the reporter has loaded', async () => {
    const { sent } = stubBeacon();
    const { result } = renderHook(
      () => {
        usePageViews(plausible, 'nonce');
        return useNavigate();
      },
      { wrapper: BrowserRouter },
    );
    // Straight on, in the same task as hydration: the reporter's chunk cannot have arrived yet.
    act(() => void result.current('/shop'));
    await waitFor(() => expect(sent).toEqual([`${location.origin}/`, `${location.origin}/shop`]));
  });
});
