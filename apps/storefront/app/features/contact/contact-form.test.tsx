import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createRoutesStub, useActionData } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import { contactSuccessMessage, type ContactActionData } from './contact-fields.ts';
import { ContactForm } from './contact-form.tsx';

function Page() {
  return <ContactForm result={useActionData<ContactActionData>()} />;
}

function renderForm(action: (data: FormData) => ContactActionData | Promise<ContactActionData>) {
  const spy = vi.fn(action);
  const Stub = createRoutesStub([
    {
      path: '/contact',
      Component: Page,
      action: async ({ request }) => spy(await request.formData()),
    },
  ]);
  render(<Stub initialEntries={['/contact']} />);
  return spy;
}

const ok = (data: FormData): ContactActionData => ({
  intent: 'contact',
  ok: true,
  message: contactSuccessMessage(String(data.get('first_name'))),
});

async function fill(user: ReturnType<typeof userEvent.setup>, email = 'ada@example.com') {
  await user.type(await screen.findByLabelText('First name'), 'Ada');
  await user.type(screen.getByLabelText('Last name'), 'Baker');
  await user.type(screen.getByLabelText('Email'), email);
  await user.type(screen.getByLabelText(/^Phone/), '919 555 0100');
  await user.type(screen.getByLabelText('Message'), 'Do you ship to Ohio?');
}

describe('ContactForm', () => {
  it("shows a field's message when it is left invalid", async () => {
    renderForm(ok);
    const user = userEvent.setup();
    await user.type(await screen.findByLabelText('Email'), 'ada@');
    await user.tab();
    expect(screen.getByText('Enter a valid email address.')).toBeTruthy();
    expect(screen.queryByText('Enter your first name.')).toBeNull();
  });

  it('does not send an invalid form: every message shows and the first bad field takes focus', async () => {
    const action = renderForm(ok);
    const user = userEvent.setup();
    await user.type(await screen.findByLabelText('Message'), 'Hello');
    await user.click(screen.getByRole('button', { name: 'Send message' }));
    expect(action).not.toHaveBeenCalled();
    expect(screen.getByText('Enter your first name.')).toBeTruthy();
    expect(screen.getByText('Enter your last name.')).toBeTruthy();
    expect(screen.getByText('Enter your email address.')).toBeTruthy();
    expect(document.activeElement).toBe(screen.getByLabelText('First name'));
    expect(screen.getByLabelText('Message')).toHaveProperty('value', 'Hello');
  });

  it('sends the fields and the honeypot, then shows the thanks in a live region and empties the form', async () => {
    const action = renderForm(ok);
    const user = userEvent.setup();
    await fill(user);
    await user.click(screen.getByRole('button', { name: 'Send message' }));
    expect(await screen.findByText(contactSuccessMessage('Ada'))).toBeTruthy();
    expect(screen.getByRole('status').textContent).toBe(contactSuccessMessage('Ada'));
    const sent = Object.fromEntries(action.mock.calls[0]![0]);
    expect(sent).toEqual({
      intent: 'contact',
      first_name: 'Ada',
      last_name: 'Baker',
      email: 'ada@example.com',
      phone: '919 555 0100',
      message: 'Do you ship to Ohio?',
      website: '',
    });
    await waitFor(() => expect(screen.getByLabelText('Message')).toHaveProperty('value', ''));
  });

  it('hides the honeypot from people: aria-hidden, out of the tab order, no autofill', async () => {
    renderForm(ok);
    const honeypot = (await screen.findByTestId('contact-form')).querySelector<HTMLInputElement>(
      'input[name="website"]',
    )!;
    expect(honeypot.tabIndex).toBe(-1);
    expect(honeypot.autocomplete).toBe('off');
    expect(honeypot.closest('[aria-hidden="true"]')).not.toBeNull();
  });

  it("shows the server's field messages and its banner, focused, keeping what was typed", async () => {
    renderForm((data) => ({
      intent: 'contact',
      ok: false,
      values: Object.fromEntries(
        ['first_name', 'last_name', 'email', 'phone', 'message'].map((key) => [
          key,
          String(data.get(key)),
        ]),
      ) as never,
      fieldErrors: { email: 'That domain does not take email.' },
      formError: 'Please check the highlighted fields.',
    }));
    const user = userEvent.setup();
    await fill(user);
    await user.click(screen.getByRole('button', { name: 'Send message' }));
    const banner = await screen.findByRole('alert');
    expect(banner.textContent).toBe('Please check the highlighted fields.');
    await waitFor(() => expect(document.activeElement).toBe(banner));
    expect(screen.getByText('That domain does not take email.')).toBeTruthy();
    expect(screen.getByLabelText('Email')).toHaveProperty('value', 'ada@example.com');
    expect(screen.getByLabelText('Message')).toHaveProperty('value', 'Do you ship to Ohio?');
  });

  it('renders an answer from a post without JavaScript: values and messages in the first render', () => {
    const Stub = createRoutesStub([
      {
        path: '/contact',
        Component: () => (
          <ContactForm
            result={{
              intent: 'contact',
              ok: false,
              values: { first_name: 'Ada', last_name: '', email: 'ada@', phone: '', message: 'Hi' },
              fieldErrors: {
                last_name: 'Enter your last name.',
                email: 'Enter a valid email address.',
              },
              formError: null,
            }}
          />
        ),
      },
    ]);
    render(<Stub initialEntries={['/contact']} />);
    return waitFor(() => {
      expect(screen.getByLabelText('Email')).toHaveProperty('value', 'ada@');
      expect(screen.getByLabelText('Email').getAttribute('aria-invalid')).toBe('true');
      expect(screen.getByText('Enter your last name.')).toBeTruthy();
      expect(screen.getByLabelText('First name')).toHaveProperty('value', 'Ada');
    });
  });
});
