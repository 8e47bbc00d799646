import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createRoutesStub } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import { createShopApi } from '../../lib/api/index.ts';
import { jsonResponse } from '../reviews/test-data.ts';
import { handleNewsletterSignup } from './newsletter-action.server.ts';
import { NewsletterForm } from './newsletter-form.tsx';

const form = (email: string) => {
  const data = new FormData();
  data.set('intent', 'newsletter');
  data.set('email', email);
  return data;
};

describe('handleNewsletterSignup', () => {
  it('posts the address and tells a new subscriber from one already on the list', async () => {
    const apiFetch = vi
      .fn(async (_path: string, _init?: RequestInit) =>
        jsonResponse({ email: 'ada@example.com', created: true, message: 'Subscribed' }, 201),
      )
      .mockResolvedValueOnce(
        jsonResponse({ email: 'ada@example.com', created: true, message: 'Subscribed' }, 201),
      )
      .mockResolvedValueOnce(
        jsonResponse({ email: 'ada@example.com', created: false, message: 'Already' }),
      );
    const api = createShopApi(apiFetch);
    expect(await handleNewsletterSignup(api, form(' ada@example.com '))).toMatchObject({
      ok: true,
      created: true,
      message: 'Thanks for joining! ada@example.com will get our next monthly letter.',
    });
    expect(apiFetch.mock.calls[0]![0]).toBe('/wp-json/wp/v2/newsletter');
    expect(JSON.parse(String(apiFetch.mock.calls[0]![1]?.body))).toEqual({
      email: 'ada@example.com',
    });
    expect(await handleNewsletterSignup(api, form('ada@example.com'))).toMatchObject({
      ok: true,
      created: false,
      message: 'ada@example.com is already on our list, so there is nothing more to do.',
    });
  });

  it("answers a bad address without calling the API, and shows the API's own message", async () => {
    const apiFetch = vi.fn(async () =>
      jsonResponse(
        {
          code: 'rest_invalid_param',
          message: 'Invalid',
          data: { status: 400, params: { email: 'That address bounced.' } },
        },
        400,
      ),
    );
    const api = createShopApi(apiFetch);
    expect(await handleNewsletterSignup(api, form('nope'))).toEqual({
      intent: 'newsletter',
      ok: false,
      email: 'nope',
      error: 'Enter a valid email address.',
    });
    expect(apiFetch).not.toHaveBeenCalled();
    // An address far over 254 characters is refused and handed back cut to that length.
    expect(
      await handleNewsletterSignup(api, form(`${'a'.repeat(100_000)}@example.com`)),
    ).toMatchObject({
      ok: false,
      email: 'a'.repeat(254),
    });
    expect(apiFetch).not.toHaveBeenCalled();
    expect(await handleNewsletterSignup(api, form('ada@example.com'))).toMatchObject({
      ok: false,
      error: 'That address bounced.',
    });
  });
});

describe('NewsletterForm', () => {
  function renderForm(answer: (email: string) => unknown) {
    const Stub = createRoutesStub([
      { path: '/', Component: NewsletterForm },
      {
        path: '/contact',
        action: async ({ request }) => {
          const data = await request.formData();
          return answer(String(data.get('email')));
        },
      },
    ]);
    render(<Stub />);
  }

  it('posts to the contact action and shows the confirmation, clearing the field', async () => {
    renderForm((email) => ({
      intent: 'newsletter',
      ok: true,
      email,
      created: true,
      message: `Thanks for joining! ${email}`,
    }));
    const user = userEvent.setup();
    const input = await screen.findByLabelText('Or join with your email address');
    await user.type(input, 'ada@example.com');
    await user.click(screen.getByRole('button', { name: 'Join' }));
    expect(await screen.findByText('Thanks for joining! ada@example.com')).toBeTruthy();
    await waitFor(() => expect(input).toHaveProperty('value', ''));
  });

  it('keeps a bad address and marks the field invalid with the message', async () => {
    renderForm((email) => ({
      intent: 'newsletter',
      ok: false,
      email,
      error: 'Enter a valid email address.',
    }));
    const user = userEvent.setup();
    const input = await screen.findByLabelText('Or join with your email address');
    await user.type(input, 'ada@');
    await user.click(screen.getByRole('button', { name: 'Join' }));
    expect(await screen.findByText('Enter a valid email address.')).toBeTruthy();
    expect(input.getAttribute('aria-invalid')).toBe('true');
    expect(input).toHaveProperty('value', 'ada@');
    expect(document.activeElement).toBe(input);
  });
});
