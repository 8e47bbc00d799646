import { act, fireEvent, render, screen } from '@testing-library/react';
import { createRoutesStub, Link } from 'react-router';
import { describe, expect, it } from 'vitest';
import { DEFAULT_CHROME } from './page-chrome.ts';
import { Hero } from './hero.tsx';

const home = {
  ...DEFAULT_CHROME,
  isHome: true,
  headerTitle: 'Granola worth getting up for',
  deck: 'Baked slow.',
  button: { title: 'Shop Granola', url: '/shop' },
};

function Page() {
  return (
    <>
      <Hero chrome={home} />
      <Link to="/slow">Go</Link>
    </>
  );
}

describe('Hero', () => {
  it('shows title, deck and button on home, as the page h1', async () => {
    const Stub = createRoutesStub([{ path: '/', Component: Page }]);
    render(<Stub initialEntries={['/']} />);
    expect((await screen.findByRole('heading', { level: 1 })).textContent).toBe(
      'Granola worth getting up for',
    );
    expect(screen.getByText('Baked slow.')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Shop Granola' }).getAttribute('href')).toBe('/shop');
  });

  it('shows only the title on other pages', async () => {
    const Stub = createRoutesStub([
      { path: '/', Component: () => <Hero chrome={{ ...home, isHome: false }} /> },
    ]);
    render(<Stub initialEntries={['/']} />);
    await screen.findByRole('heading', { level: 1 });
    expect(screen.queryByText('Baked slow.')).toBeNull();
    expect(screen.queryByRole('link', { name: 'Shop Granola' })).toBeNull();
  });

  it('is busy while a navigation is loading', async () => {
    const Stub = createRoutesStub([
      { path: '/', Component: Page },
      { path: '/slow', Component: () => null, loader: () => new Promise(() => {}) },
    ]);
    render(<Stub initialEntries={['/']} />);
    const hero = await screen.findByTestId('hero');
    expect(hero.getAttribute('aria-busy')).toBe('false');
    await act(async () => {
      fireEvent.click(screen.getByRole('link', { name: 'Go' }));
    });
    expect(hero.getAttribute('aria-busy')).toBe('true');
    expect(screen.getByRole('status').textContent).toMatch(/loading/i);
  });
});
