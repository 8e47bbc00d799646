import { LINE_SHEET_PAGE, QUICK_ORDER_PAGE, type Order } from '@larder/contract';
import {
  addressInUseEmail,
  confirmNewEmailEmail,
  emailChangeRequestedEmail,
  passwordChangedEmail,
  passwordResetEmail,
  welcomeEmail,
} from './account-emails.ts';
import type { Email, EmailBrand } from './email.ts';
import { overdueInvoiceReminderEmail, ownerOverdueInvoiceEmail } from './invoice-emails.ts';
import { stockistListingRequestOwnerEmail } from './stockist-emails.ts';
import { contactMessageEmail, newReviewEmail } from './notice-emails.ts';
import { backInStockEmail, stockRequestConfirmationEmail } from './stock-emails.ts';
import {
  backOfficeOrderLink,
  customerNoteEmail,
  invoiceOrderConfirmationEmail,
  orderCompletedEmail,
  orderConfirmationEmail,
  orderLink,
  orderRefundedEmail,
  orderShippedEmail,
  ownerNewOrderEmail,
} from './order-emails.ts';
import {
  wholesaleApplicationOwnerEmail,
  wholesaleApplicationReceivedEmail,
  wholesaleApprovedEmail,
  wholesaleDeclinedEmail,
} from './wholesale-emails.ts';

const address = {
  first_name: 'Ada',
  last_name: 'Park',
  company: '',
  address_1: '410 W Main Street',
  address_2: 'Apt 3',
  city: 'Durham',
  state: 'NC',
  postcode: '27701',
  country: 'US',
  phone: '(919) 555-0199',
};

/**
 * A paid Durham order with a variation whose name already says its size, as the shop makes them,
 * the first-order code and North Carolina's food tax on the discounted lines and the shipping.
 */
export const sampleOrder: Order = {
  id: 1042,
  parent_id: 0,
  number: '1042',
  order_key: 'wc_order_preview',
  created_via: 'checkout',
  status: 'processing',
  currency: 'USD',
  date_created: '2026-11-25T10:42:00',
  date_created_gmt: '2026-11-25T15:42:00',
  date_modified: '2026-11-25T10:43:00',
  date_modified_gmt: '2026-11-25T15:43:00',
  date_paid: '2026-11-25T10:43:00',
  date_paid_gmt: '2026-11-25T15:43:00',
  date_completed: null,
  date_completed_gmt: null,
  discount_total: '4.95',
  shipping_total: '6.95',
  cart_tax: '0.89',
  shipping_tax: '0.14',
  total: '52.53',
  total_tax: '1.03',
  prices_include_tax: false,
  tax_lines: [
    {
      id: 1,
      rate_code: 'US-NC-NC FOOD TAX-4',
      rate_id: 4,
      label: 'NC Food Tax',
      compound: false,
      tax_total: '0.89',
      shipping_tax_total: '0.14',
      rate_percent: 2,
    },
  ],
  tax_exempt_reason: null,
  customer_id: 7,
  customer_note: 'Please leave it by the blue door.',
  billing: { ...address, email: 'ada.park@example.com' },
  shipping: address,
  payment_method: 'stripe',
  payment_method_title: 'Credit card',
  transaction_id: 'pi_3PreviewIntent0000',
  line_items: [
    {
      id: 1,
      name: 'Maple Pecan Crunch - 12 oz',
      parent_name: 'Maple Pecan Crunch',
      product_id: 11,
      variation_id: 12,
      quantity: 2,
      sku: 'MPC-12',
      price: 12.5,
      subtotal: '25.00',
      total: '22.50',
      meta_data: [
        { id: 1, key: 'pa_size', value: '12 oz', display_key: 'Size', display_value: '12 oz' },
      ],
      image: { id: 0, src: '' },
      tax_class: 'reduced-rate',
      subtotal_tax: '0.45',
      total_tax: '0.45',
      taxes: [{ id: 4, total: '0.45', subtotal: '0.45' }],
    },
    {
      id: 2,
      name: 'Cocoa Hazelnut Clusters',
      parent_name: null,
      product_id: 21,
      variation_id: 0,
      quantity: 1,
      sku: 'CHC',
      price: 24.5,
      subtotal: '24.50',
      total: '22.05',
      meta_data: [],
      image: { id: 0, src: '' },
      tax_class: 'reduced-rate',
      subtotal_tax: '0.44',
      total_tax: '0.44',
      taxes: [{ id: 4, total: '0.44', subtotal: '0.44' }],
    },
  ],
  shipping_lines: [
    {
      id: 1,
      method_title: 'Standard shipping',
      method_id: 'flat_rate',
      instance_id: '1',
      total: '6.95',
      total_tax: '0.14',
      taxes: [{ id: 4, total: '0.14', subtotal: '' }],
    },
  ],
  coupon_lines: [
    { id: 1, code: 'WELCOME10', discount: '4.95', discount_tax: '0.00', free_shipping: false },
  ],
  needs_payment: false,
  date_hold_expires_gmt: null,
};

/** Every e-mail the shop sends, filled in for the sample order and customer: previews and tests. */
export function sampleEmails({ shop, publicUrl }: EmailBrand): { name: string; email: Email }[] {
  const order = sampleOrder;
  const link = orderLink(publicUrl, order);
  const ada = { name: 'Ada Park', address: order.billing.email };
  const owner = shop.email;
  const applicant = { contactName: 'Dana Whitfield', businessName: 'Corner Pantry Co' };
  const danaMailbox = { name: 'Dana Whitfield', address: 'dana@cornerpantry.example' };
  const soldOutItem = {
    name: 'Maple Pecan Crunch – 12 oz',
    link: `${publicUrl}/product/maple-pecan-crunch`,
  };
  const overdueOrder: Order = {
    ...order,
    status: 'on-hold',
    date_paid: null,
    date_paid_gmt: null,
    payment_method: 'invoice',
    payment_method_title: 'Pay by invoice (Net 30)',
    billing: { ...order.billing, company: 'Corner Pantry Co' },
    invoice: {
      terms: 'net30',
      purchase_order_number: 'PO-2041',
      date_due: '2026-12-25T10:42:00',
      date_due_gmt: '2026-12-25T15:42:00',
      overdue: true,
      payment_reference: '',
    },
  };
  return [
    { name: 'order-confirmation', email: orderConfirmationEmail(order, link, shop.name) },
    {
      name: 'order-confirmation-invoice',
      email: invoiceOrderConfirmationEmail(
        {
          ...order,
          status: 'on-hold',
          date_paid: null,
          date_paid_gmt: null,
          payment_method: 'invoice',
          payment_method_title: 'Pay by invoice (Net 30)',
          invoice: {
            terms: 'net30',
            purchase_order_number: 'PO-2041',
            date_due: '2026-12-25T10:42:00',
            date_due_gmt: '2026-12-25T15:42:00',
            overdue: false,
            payment_reference: '',
          },
        },
        link,
        shop.name,
        // A preview shows the message; the attached PDF is the invoice document's own.
        { filename: 'invoice-1042.pdf', content: Buffer.alloc(0), contentType: 'application/pdf' },
      ),
    },
    {
      name: 'invoice-overdue',
      email: overdueInvoiceReminderEmail(overdueOrder, link, shop.name, {
        filename: 'invoice-1042.pdf',
        content: Buffer.alloc(0),
        contentType: 'application/pdf',
      }),
    },
    {
      name: 'invoice-overdue-for-owner',
      email: ownerOverdueInvoiceEmail(overdueOrder, backOfficeOrderLink(publicUrl, order), owner),
    },
    {
      name: 'stockist-listing-request-for-owner',
      email: stockistListingRequestOwnerEmail(
        owner,
        {
          id: 3,
          businessName: applicant.businessName,
          address: '12 Market Street, Durham, NC 27701',
          phone: '(919) 555-0110',
          website: 'https://cornerpantry.example',
          note: 'Open every day from 8 to 6; granola by the scoop.',
          email: danaMailbox.address,
        },
        `${publicUrl}/admin/stockists`,
      ),
    },
    {
      name: 'order-new-for-owner',
      email: ownerNewOrderEmail(order, backOfficeOrderLink(publicUrl, order), owner),
    },
    {
      name: 'order-shipped',
      email: orderShippedEmail(order, link, shop.name, {
        carrier: 'ups',
        trackingNumber: '1Z999AA10123456784',
        trackingUrl: 'https://www.ups.com/track?tracknum=1Z999AA10123456784',
      }),
    },
    { name: 'order-completed', email: orderCompletedEmail(order, link, shop.name) },
    {
      name: 'order-note',
      email: customerNoteEmail(order, link, shop.name, 'Your granola ships Monday.\nThank you!'),
    },
    {
      name: 'order-refunded',
      email: orderRefundedEmail(order, link, shop.name, {
        amountCents: 1250,
        reason: 'One bag arrived split.',
        full: false,
        throughProvider: true,
      }),
    },
    {
      name: 'welcome',
      email: welcomeEmail(ada, 'Ada', shop.name, {
        account: `${publicUrl}/my-account`,
        shop: `${publicUrl}/shop`,
      }),
    },
    {
      name: 'password-reset',
      email: passwordResetEmail(ada, shop.name, `${publicUrl}/reset-password?key=preview&id=7`),
    },
    {
      name: 'password-changed',
      email: passwordChangedEmail(ada, shop.name, `${publicUrl}/forgot-password`),
    },
    {
      name: 'email-change-confirm',
      email: confirmNewEmailEmail(
        { name: 'Ada Park', address: 'ada@new.example' },
        shop.name,
        `${publicUrl}/my-account/confirm-email?key=preview&id=7`,
      ),
    },
    {
      name: 'email-change-requested',
      email: emailChangeRequestedEmail(
        ada,
        'ada@new.example',
        shop.name,
        `${publicUrl}/forgot-password`,
      ),
    },
    { name: 'email-change-address-in-use', email: addressInUseEmail('ada@new.example', shop.name) },
    {
      name: 'wholesale-application-for-owner',
      email: wholesaleApplicationOwnerEmail(
        owner,
        {
          id: 5,
          ...applicant,
          email: danaMailbox.address,
          phone: '(919) 555-0110',
          address: '12 Market Street, Durham, NC 27701, United States',
          taxId: 'NC-RESALE-448812',
          monthlyVolume: '50 to 200 bags a month',
          account: '#8 (created with this application)',
          certificate: 'PDF, 84 KB, uploaded as "resale-certificate.pdf"',
          certificateLocation: '/srv/larder/data/private/certificates/5f0c.pdf',
          salesChannels: 'Our deli counter and the Saturday farmers market.',
        },
        `${publicUrl}/admin/wholesale/5`,
      ),
    },
    {
      name: 'wholesale-application-received',
      email: wholesaleApplicationReceivedEmail(danaMailbox, applicant, shop.name),
    },
    {
      name: 'wholesale-approved',
      email: wholesaleApprovedEmail(danaMailbox, applicant, {
        signInLink: `${publicUrl}/login`,
        lineSheetLink: `${publicUrl}${LINE_SHEET_PAGE}`,
        quickOrderLink: `${publicUrl}${QUICK_ORDER_PAGE}`,
        minimums: { openingCents: 150_00, reorderCents: 100_00 },
      }),
    },
    {
      name: 'wholesale-declined',
      email: wholesaleDeclinedEmail(
        danaMailbox,
        applicant,
        'We could not verify the resale certificate. Please send one issued to Corner Pantry Co.',
      ),
    },
    {
      name: 'contact-message',
      email: contactMessageEmail(
        owner,
        { name: 'Lena Marsh', address: 'lena.marsh@example.com', phone: '' },
        'Could you bake a nut-free batch for our school fair?',
        `${publicUrl}/admin/messages`,
      ),
    },
    {
      name: 'new-review',
      email: newReviewEmail(
        owner,
        {
          reviewer: { name: 'Ada Park', address: order.billing.email },
          rating: 4,
          text: 'Crunchy, not too sweet. The pecans are generous.',
          held: true,
        },
        { name: 'Maple Pecan Crunch', link: `${publicUrl}/product/maple-pecan-crunch` },
        `${publicUrl}/admin/reviews`,
      ),
    },
    {
      name: 'back-in-stock-request',
      email: stockRequestConfirmationEmail(
        ada.address,
        soldOutItem,
        `${publicUrl}/back-in-stock/cancel?id=3&key=preview`,
      ),
    },
    { name: 'back-in-stock', email: backInStockEmail(ada.address, soldOutItem, shop.name) },
  ];
}
