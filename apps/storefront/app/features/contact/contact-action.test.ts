import { describe, expect, it, vi } from 'vitest';
import { createShopApi } from '../../lib/api/index.ts';
import { jsonResponse } from '../reviews/test-data.ts';
import { handleContactSubmission } from './contact-action.server.ts';

const filled = {
  first_name: 'Ada',
  last_name: 'Baker',
  email: 'ada@example.com',
  phone: '(919) 555-0100',
  message: 'Do you ship to Ohio?',
};

function formData(values: Record<string, string>) {
  const data = new FormData();
  for (const [key, value] of Object.entries(values)) data.set(key, value);
  return data;
}

describe('handleContactSubmission', () => {
  it('sends form 1 with fields 1 to 5 and the honeypot, and answers success (spec §7)', async () => {
    const apiFetch = vi.fn(async (_path: string, _init?: RequestInit) =>
      jsonResponse({ id: 12, message: 'Thanks' }, 201),
    );
    const result = await handleContactSubmission(
      createShopApi(apiFetch),
      formData({ ...filled, website: '', intent: 'contact' }),
    );
    expect(result).toEqual({
      intent: 'contact',
      ok: true,
      message: expect.stringContaining('Thank you, Ada.'),
    });
    const [path, init] = apiFetch.mock.calls[0]!;
    expect(path).toBe('/wp-json/wp/v2/form-submit');
    expect(JSON.parse(String(init?.body))).toEqual({
      form_id: 1,
      '1': 'Ada',
      '2': 'Baker',
      '3': 'ada@example.com',
      '4': '(919) 555-0100',
      '5': 'Do you ship to Ohio?',
      website: '',
    });
  });

  it("answers the schema's messages with what was typed, without calling the API", async () => {
    const apiFetch = vi.fn();
    const typed = { ...filled, email: 'ada@', first_name: '  ' };
    const result = await handleContactSubmission(createShopApi(apiFetch), formData(typed));
    expect(apiFetch).not.toHaveBeenCalled();
    expect(result).toEqual({
      intent: 'contact',
      ok: false,
      values: typed,
      fieldErrors: { first_name: 'Enter your first name.', email: 'Enter a valid email address.' },
      formError: null,
    });
  });

  it("maps the API's numbered field messages back to the fields", async () => {
    const apiFetch = vi.fn(async () =>
      jsonResponse(
        {
          code: 'rest_invalid_param',
          message: 'Invalid parameter(s): 3',
          data: { status: 400, params: { '3': 'That domain does not take email.' } },
        },
        400,
      ),
    );
    const result = await handleContactSubmission(createShopApi(apiFetch), formData(filled));
    expect(result).toMatchObject({
      ok: false,
      values: filled,
      fieldErrors: { email: 'That domain does not take email.' },
      formError: 'Please check the highlighted fields.',
    });
  });

  it('explains a rate limit and a server failure, keeping the values', async () => {
    const limited = vi.fn(async () =>
      jsonResponse({ code: 'rate_limited', message: 'Slow down', data: { status: 429 } }, 429),
    );
    expect(await handleContactSubmission(createShopApi(limited), formData(filled))).toMatchObject({
      ok: false,
      values: filled,
      formError: expect.stringMatching(/wait a few minutes/),
    });
    const broken = vi.fn(async () => new Response('oops', { status: 502 }));
    expect(await handleContactSubmission(createShopApi(broken), formData(filled))).toMatchObject({
      ok: false,
      formError: 'Something went wrong on our side. Please try again in a moment.',
    });
  });

  it('hands back no more of each field than the schema allows, however much was posted', async () => {
    const apiFetch = vi.fn();
    const posted = {
      ...filled,
      first_name: 'A'.repeat(20_000),
      email: `${'b'.repeat(20_000)}@example.com`,
      phone: '1'.repeat(20_000),
      message: 'C'.repeat(200_000),
    };
    const result = await handleContactSubmission(createShopApi(apiFetch), formData(posted));
    expect(apiFetch).not.toHaveBeenCalled();
    expect(result).toMatchObject({
      ok: false,
      values: {
        first_name: 'A'.repeat(100),
        last_name: filled.last_name,
        email: 'b'.repeat(254),
        phone: '1'.repeat(30),
        message: 'C'.repeat(5000),
      },
      fieldErrors: { message: 'Keep a message under 5000 characters.' },
    });
  });
});
