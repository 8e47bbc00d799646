import { act, render, screen } from '@testing-library/react';
import { createMemoryRouter, Outlet, RouterProvider } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { LOADING_VIEW_DELAY_MS, useLoadingView } from './use-loading-view.ts';

function Layout() {
  const loading = useLoadingView();
  return (
    <>
      {loading ? <p>Loading view</p> : null}
      <Outlet />
    </>
  );
}

/** A router whose /about loader answers when the test says so. */
function renderShop() {
  let answer = () => {};
  const router = createMemoryRouter([
    {
      path: '/',
      element: <Layout />,
      children: [
        { index: true, element: <p>Home page</p>, loader: () => null },
        {
          path: 'about',
          element: <p>About page</p>,
          loader: () => new Promise<null>((resolve) => (answer = () => resolve(null))),
        },
      ],
    },
  ]);
  render(<RouterProvider router={router} />);
  return { router, answer: () => act(async () => answer()) };
}

const wait = (ms: number) =>
  act(async () => {
    await vi.advanceTimersByTimeAsync(ms);
  });

async function renderAtHome() {
  const shop = renderShop();
  await wait(0);
  expect(screen.getByText('Home page')).toBeTruthy();
  act(() => {
    void shop.router.navigate('/about');
  });
  return shop;
}

describe('useLoadingView (spec §2 main loading flag)', () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('stays off for a navigation quicker than the delay', async () => {
    const { answer } = await renderAtHome();
    await wait(LOADING_VIEW_DELAY_MS - 1);
    expect(screen.queryByText('Loading view')).toBeNull();
    await answer();
    await wait(0);
    expect(screen.getByText('About page')).toBeTruthy();
    await wait(LOADING_VIEW_DELAY_MS);
    expect(screen.queryByText('Loading view')).toBeNull();
  });

  it('comes on once a navigation to another page has waited the delay, and goes when the page arrives', async () => {
    const { answer } = await renderAtHome();
    await wait(LOADING_VIEW_DELAY_MS);
    expect(screen.getByText('Loading view')).toBeTruthy();
    expect(screen.getByText('Home page')).toBeTruthy();
    await answer();
    await wait(0);
    expect(screen.getByText('About page')).toBeTruthy();
    expect(screen.queryByText('Loading view')).toBeNull();
  });
});
