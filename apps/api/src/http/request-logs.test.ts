import { DrizzleQueryError } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { serializeError } from './request-logs.ts';

/** The shape of pg's DatabaseError for a unique violation: its detail quotes the value. */
function pgUniqueViolation(value: string): Error {
  return Object.assign(new Error('duplicate key value violates unique constraint "users_email"'), {
    severity: 'ERROR',
    code: '23505',
    detail: `Key (email)=(${value}) already exists.`,
    schema: 'public',
    table: 'users',
    constraint: 'users_email',
  });
}

describe('serializeError', () => {
  it('keeps the SQLSTATE, constraint and table of a pg error and drops its values', () => {
    const value = 'secret.buyer@example.com';
    const wrapped = new DrizzleQueryError(
      'insert into "users" ("email") values ($1)',
      [value],
      pgUniqueViolation(value),
    );
    const logged = serializeError(wrapped);
    expect(logged).toMatchObject({
      type: 'DatabaseError',
      code: '23505',
      constraint: 'users_email',
      table: 'users',
    });
    expect(JSON.stringify(logged)).not.toContain(value);
    expect(JSON.stringify(logged)).not.toContain('insert into');
  });

  it('logs other errors with their message, stack and cause', () => {
    const logged = serializeError(
      new Error('mail server refused', { cause: new Error('ECONNRESET') }),
    );
    expect(logged).toMatchObject({
      type: 'Error',
      message: 'mail server refused',
      stack: expect.stringContaining('mail server refused'),
      cause: { message: 'ECONNRESET' },
    });
  });
});
