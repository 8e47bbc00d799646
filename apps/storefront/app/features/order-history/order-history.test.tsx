import { render, screen, within } from '@testing-library/react';
import { createRoutesStub } from 'react-router';
import { describe, expect, it } from 'vitest';
import { anOrder } from '../orders/test-data.ts';
import { OrderHistoryList } from './order-history.tsx';

function renderPage(page: number, totalPages: number) {
  const items = [anOrder({ id: 300 + page, number: String(300 + page) })];
  const Stub = createRoutesStub([
    {
      path: '*',
      Component: () => (
        <OrderHistoryList
          items={items}
          total={totalPages * 100}
          page={page}
          totalPages={totalPages}
        />
      ),
    },
  ]);
  render(<Stub initialEntries={['/my-account/order-history']} />);
}

const pageLinks = async () =>
  within(await screen.findByRole('navigation', { name: 'Order history pages' }))
    .getAllByRole('link')
    .map((link) => [link.textContent, link.getAttribute('href')]);

describe('OrderHistoryList pages (issue 5, 100 orders a page as spec §7 asks)', () => {
  it('leads from a middle page to the newer and the older page', async () => {
    renderPage(2, 3);
    expect(await pageLinks()).toEqual([
      ['← Newer orders', '/my-account/order-history'],
      ['Older orders →', '/my-account/order-history?page=3'],
    ]);
    expect(screen.getByText('300 orders · page 2 of 3')).toBeTruthy();
  });

  it('offers only older orders on the first page and only newer ones on the last', async () => {
    renderPage(1, 2);
    expect(await pageLinks()).toEqual([['Older orders →', '/my-account/order-history?page=2']]);
  });

  it('shows no pages for a history that fits on one', async () => {
    renderPage(1, 1);
    await screen.findByRole('heading', { name: 'Your orders' });
    expect(screen.queryByRole('navigation', { name: 'Order history pages' })).toBeNull();
    expect(screen.queryByText(/page 1 of/)).toBeNull();
  });
});
