import { describe, expect, it } from 'vitest';
import { ApiError } from './api-error.ts';

const answer = (body: unknown, status = 400) =>
  new Response(typeof body === 'string' ? body : JSON.stringify(body), { status });

describe('ApiError.fromResponse', () => {
  it('keeps the code, message and per-field messages of the shop error shape', async () => {
    const error = await ApiError.fromResponse(
      answer({
        code: 'rest_invalid_param',
        message: 'Invalid parameter(s): email',
        data: { status: 400, params: { email: 'Enter a valid email address.' } },
      }),
      '/wp-json/wc/v3/customers',
    );
    expect(error).toMatchObject({
      status: 400,
      code: 'rest_invalid_param',
      message: 'Invalid parameter(s): email',
      params: { email: 'Enter a valid email address.' },
    });
  });

  it.each([
    ['a page that is not JSON', '<html>Bad gateway</html>'],
    ['JSON of another shape', { error: 'nope' }],
    ['a status that is not a number', { code: 'x', message: 'y', data: { status: '400' } }],
    [
      'params that are not strings',
      { code: 'x', message: 'y', data: { status: 400, params: { a: 1 } } },
    ],
  ])('falls back to the HTTP status for %s', async (_, body) => {
    const error = await ApiError.fromResponse(answer(body, 502), '/wp-json/wc/v3/orders');
    expect(error).toMatchObject({ status: 502, code: 'http_error', params: {} });
  });
});
