import { act, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createRoutesStub } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { AppToastContainer } from '../../components/ui/toast.tsx';
import { useSessionStore } from '../account/session-store.ts';
import { aCustomer } from '../account/test-data.ts';
import { REVIEW_ADDED_MESSAGE, REVIEW_HELD_MESSAGE } from './add-review-dialog.tsx';
import { ProductReviews } from './product-reviews.tsx';
import { toReviewView, type ReviewView } from './review-data.ts';
import { aReview, jsonResponse } from './test-data.ts';

const product = { id: 7, name: 'Maple Pecan Granola' };

function renderReviews(
  reviews: ReviewView[] | null,
  defaults?: { reviewer: string; reviewer_email: string },
) {
  const Stub = createRoutesStub([
    {
      path: '/',
      Component: () => (
        <>
          <ProductReviews product={product} reviews={reviews} reviewerDefaults={defaults} />
          <AppToastContainer />
        </>
      ),
    },
  ]);
  render(<Stub />);
}

async function openDialog() {
  const user = userEvent.setup();
  await user.click(await screen.findByRole('button', { name: 'Add review' }));
  const dialog = await screen.findByRole('dialog', { name: 'Add review' });
  return { user, dialog: within(dialog), element: dialog };
}

async function fillValidForm(
  user: ReturnType<typeof userEvent.setup>,
  dialog: ReturnType<typeof within>,
) {
  await user.type(dialog.getByLabelText('Name'), 'Grace Hopper');
  await user.type(dialog.getByLabelText(/^Email/), 'grace@example.com');
  await user.type(dialog.getByLabelText('Your review'), 'Best with cold milk.\n\nAnd yoghurt.');
}

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('ProductReviews', () => {
  it('shows the average, the count and each approved review', async () => {
    renderReviews([
      toReviewView(aReview({ id: 1, rating: 5, reviewer: 'Ada Baker' })),
      toReviewView(aReview({ id: 2, rating: 4, reviewer: 'Ben Cole', verified: true })),
    ]);
    expect((await screen.findByTestId('review-summary')).textContent).toContain(
      '4.5 out of 5 · 2 reviews',
    );
    expect(screen.getByRole('img', { name: 'Rated 4.5 out of 5' })).toBeTruthy();
    const reviews = await screen.findAllByTestId('review');
    expect(reviews).toHaveLength(2);
    expect(within(reviews[1]!).getByText('Ben Cole')).toBeTruthy();
    expect(within(reviews[1]!).getByText('Verified buyer')).toBeTruthy();
    expect(within(reviews[0]!).getByRole('img', { name: 'Rated 5 out of 5' })).toBeTruthy();
    expect(within(reviews[0]!).getByText('March 4, 2026')).toBeTruthy();
  });

  it('renders review text as escaped plain text, a paragraph per blank-line block', async () => {
    renderReviews([
      toReviewView(
        aReview({ review: '<img src=x onerror="alert(1)"> <b>bold</b>\n\nSecond part' }),
      ),
    ]);
    const review = await screen.findByTestId('review');
    expect(review.querySelector('img, b')).toBeNull();
    const paragraphs = [...review.querySelectorAll('.review__text p')].map((p) => p.textContent);
    expect(paragraphs).toEqual(['<img src=x onerror="alert(1)"> <b>bold</b>', 'Second part']);
  });

  it('invites the first review when there are none', async () => {
    renderReviews([]);
    expect(
      await screen.findByText(/No reviews yet\. Tried our Maple Pecan Granola\? Be the first/),
    ).toBeTruthy();
    expect(screen.queryByTestId('review-summary')).toBeNull();
  });

  it('says so when reviews could not be loaded', async () => {
    renderReviews(null);
    expect(
      await screen.findByText('Reviews are unavailable right now. Please try again later.'),
    ).toBeTruthy();
  });
});

describe('Add review dialog (spec §2, §4)', () => {
  it('keeps Submit Review disabled until every field is valid and a star is chosen', async () => {
    renderReviews([]);
    const { user, dialog } = await openDialog();
    const submit = dialog.getByRole('button', { name: 'Submit Review' });
    expect(submit).toHaveProperty('disabled', true);
    await fillValidForm(user, dialog);
    expect(submit).toHaveProperty('disabled', true);
    await user.click(dialog.getByRole('radio', { name: '4 stars' }));
    // The form kit's resolver validates asynchronously: the button follows a tick later.
    await waitFor(() => expect(submit).toHaveProperty('disabled', false));
    await user.clear(dialog.getByLabelText(/^Email/));
    await user.type(dialog.getByLabelText(/^Email/), 'not-an-email');
    await waitFor(() => expect(submit).toHaveProperty('disabled', true));
  });

  it('offers five labelled stars as a radio group that the arrow keys move through', async () => {
    renderReviews([]);
    const { user, dialog } = await openDialog();
    const group = dialog.getByRole('group', { name: 'Your rating' });
    expect(
      within(group)
        .getAllByRole('radio')
        .map((star) => star.getAttribute('value')),
    ).toEqual(['1', '2', '3', '4', '5']);
    expect(within(group).getByRole('radio', { name: '1 star' })).toHaveProperty('value', '1');
    expect(within(group).getByRole('radio', { name: '5 stars' })).toHaveProperty('value', '5');
    // jsdom lacks CSS.escape, which user-event's radio arrow-key walk uses (the browser test covers real keys).
    vi.stubGlobal('CSS', {
      escape: (value: string) => value.replace(/[^\w-]/g, (char) => `\\${char}`),
    });
    await user.click(within(group).getByRole('radio', { name: '2 stars' }));
    await user.keyboard('{ArrowRight}');
    expect(within(group).getByRole('radio', { name: '3 stars' })).toHaveProperty('checked', true);
    expect(within(group).getByText('3 stars', { selector: '[aria-hidden]' })).toBeTruthy();
  });

  it('shows a message on leaving an invalid field and keeps what was typed', async () => {
    renderReviews([]);
    const { user, dialog } = await openDialog();
    const email = dialog.getByLabelText(/^Email/);
    await user.type(email, 'grace@');
    await user.tab();
    expect(dialog.getByText('Enter a valid email address.')).toBeTruthy();
    expect(email.getAttribute('aria-invalid')).toBe('true');
    expect((email as HTMLInputElement).value).toBe('grace@');
  });

  it('posts the review as JSON, shows the toast for a held review and closes', async () => {
    const fetchMock = vi.fn(async (_url: string, _init?: RequestInit) =>
      jsonResponse(aReview({ id: 99, status: 'hold' }), 201),
    );
    vi.stubGlobal('fetch', fetchMock);
    renderReviews([], { reviewer: 'Grace Hopper', reviewer_email: 'grace@example.com' });
    const { user, dialog } = await openDialog();
    expect(dialog.getByLabelText('Name')).toHaveProperty('value', 'Grace Hopper');
    await user.type(dialog.getByLabelText('Your review'), 'Best with cold milk.');
    await user.click(dialog.getByRole('radio', { name: '5 stars' }));
    await user.click(dialog.getByRole('button', { name: 'Submit Review' }));

    expect(await screen.findByText(REVIEW_HELD_MESSAGE)).toBeTruthy();
    expect(REVIEW_HELD_MESSAGE.startsWith(REVIEW_ADDED_MESSAGE)).toBe(true);
    const [url, init] = fetchMock.mock.calls[0]!;
    expect(url).toBe('/wp-json/wc/v3/products/reviews/');
    expect(init?.method).toBe('POST');
    expect(JSON.parse(String(init?.body))).toEqual({
      product_id: 7,
      reviewer: 'Grace Hopper',
      reviewer_email: 'grace@example.com',
      review: 'Best with cold milk.',
      rating: 5,
    });
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  it("puts the API's field messages beside their fields, keeps the typed text and focuses the banner", async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () =>
        jsonResponse(
          {
            code: 'rest_invalid_param',
            message: 'Invalid parameter(s): reviewer_email',
            data: { status: 400, params: { reviewer_email: 'That address cannot receive email.' } },
          },
          400,
        ),
      ),
    );
    renderReviews([]);
    const { user, dialog } = await openDialog();
    await fillValidForm(user, dialog);
    await user.click(dialog.getByRole('radio', { name: '3 stars' }));
    await user.click(dialog.getByRole('button', { name: 'Submit Review' }));

    expect(await dialog.findByText('That address cannot receive email.')).toBeTruthy();
    expect(dialog.getByRole('alert').textContent).toBe('Please check the highlighted fields.');
    expect(dialog.getByLabelText(/^Email/)).toHaveProperty('value', 'grace@example.com');
    expect(dialog.getByLabelText('Your review')).toHaveProperty(
      'value',
      'Best with cold milk.\n\nAnd yoghurt.',
    );
    expect(dialog.getByRole('radio', { name: '3 stars' })).toHaveProperty('checked', true);
    // As in every form: a refusal from the server focuses the banner that names the problem.
    expect(document.activeElement).toBe(dialog.getByRole('alert'));
    expect(dialog.getByLabelText(/^Email/).getAttribute('aria-invalid')).toBe('true');
  });

  it('shows a signed-in customer the account name and email the review is posted under, instead of asking (spec §2)', async () => {
    const fetchMock = vi.fn(async (_url: string, _init?: RequestInit) =>
      jsonResponse(aReview({ id: 98, status: 'approved', verified: true }), 201),
    );
    vi.stubGlobal('fetch', fetchMock);
    useSessionStore
      .getState()
      .setCustomer(aCustomer({ first_name: 'Ada', last_name: 'Baker', email: 'ada@example.com' }));
    try {
      renderReviews([]);
      const { user, dialog } = await openDialog();
      expect(dialog.queryByLabelText('Name')).toBeNull();
      expect(dialog.queryByLabelText(/^Email/)).toBeNull();
      expect(dialog.getByText(/^Posting as/).textContent).toBe(
        'Posting as Ada Baker (ada@example.com, never shown with your review).',
      );
      await user.type(dialog.getByLabelText('Your review'), 'Best with cold milk.');
      await user.click(dialog.getByRole('radio', { name: '4 stars' }));
      await user.click(dialog.getByRole('button', { name: 'Submit Review' }));
      expect(await screen.findByText(REVIEW_ADDED_MESSAGE)).toBeTruthy();
      expect(JSON.parse(String(fetchMock.mock.calls[0]![1]?.body))).toMatchObject({
        reviewer: 'Ada Baker',
        reviewer_email: 'ada@example.com',
      });
    } finally {
      useSessionStore.getState().clearCustomer();
    }
  });

  it('leaves name and email empty for a visitor', async () => {
    renderReviews([]);
    const { dialog } = await openDialog();
    expect(dialog.getByLabelText('Name')).toHaveProperty('value', '');
    expect(dialog.getByLabelText(/^Email/)).toHaveProperty('value', '');
  });

  it('explains a rate limit and a network failure in the dialog', async () => {
    const fetchMock = vi
      .fn()
      .mockResolvedValueOnce(
        jsonResponse(
          { code: 'rate_limited', message: 'Too many requests', data: { status: 429 } },
          429,
        ),
      )
      .mockRejectedValueOnce(new TypeError('Failed to fetch'));
    vi.stubGlobal('fetch', fetchMock);
    renderReviews([]);
    const { user, dialog } = await openDialog();
    await fillValidForm(user, dialog);
    await user.click(dialog.getByRole('radio', { name: '1 star' }));
    await user.click(dialog.getByRole('button', { name: 'Submit Review' }));
    expect((await dialog.findByRole('alert')).textContent).toMatch(/wait a few minutes/);
    await user.click(dialog.getByRole('button', { name: 'Submit Review' }));
    await waitFor(() =>
      expect(dialog.getByRole('alert').textContent).toMatch(/could not reach the shop/),
    );
    expect(screen.getByRole('dialog')).toBeTruthy();
    expect(dialog.getByLabelText('Name')).toHaveProperty('value', 'Grace Hopper');
    await act(async () => {});
  });
});
