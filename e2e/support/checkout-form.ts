import type { Page } from '@playwright/test';

/** What a buyer types into checkout's billing fields (spec §3), in the form's own order. */
export interface CheckoutBilling {
  first_name: string;
  last_name: string;
  email: string;
  phone: string;
  country: string;
  address_1: string;
  city: string;
  state: string;
  postcode: string;
}

export const checkoutForm = (page: Page) => page.getByTestId('checkout-form');

/** Fills checkout's billing fields as a buyer would, by their labels. */
export async function fillCheckoutBilling(page: Page, billing: CheckoutBilling): Promise<void> {
  const form = checkoutForm(page);
  await form.getByLabel('First name').fill(billing.first_name);
  await form.getByLabel('Last name').fill(billing.last_name);
  await form.getByLabel('Email', { exact: true }).fill(billing.email);
  await form.getByLabel('Phone').fill(billing.phone);
  await form.getByLabel('Country').selectOption(billing.country);
  await form.getByLabel('Street address').fill(billing.address_1);
  await form.getByLabel('City').fill(billing.city);
  await form.getByLabel('State', { exact: true }).selectOption(billing.state);
  await form.getByLabel('ZIP code').fill(billing.postcode);
}
