import PDFDocument from 'pdfkit';
import {
  centsOf,
  formatCents,
  paymentTermsLabel,
  type OwnerOrder,
  type ShopIdentity,
} from '@larder/contract';
import { addressLines, type Address } from '../shipping/address-lines.ts';
import { pdfText } from './pdf-text.ts';

type Doc = PDFKit.PDFDocument;
type Line = OwnerOrder['line_items'][number];

/** The storefront's palette (styles/tokens.css), so the paperwork looks like the shop. */
export const INK = '#1f3a2e';
export const TEXT = '#3b2f25';
export const MUTED = '#665848';
export const HONEY = '#e2a33a';
export const HONEY_DEEP = '#8a520c';
export const OAT = '#f7f0e3';
export const BORDER = '#e3d5bd';

// PDF's standard fonts: bundled with pdfkit, nothing to load or embed (docs/decisions/0029).
export const DISPLAY = 'Times-Bold';
export const BODY = 'Helvetica';
export const BOLD = 'Helvetica-Bold';

/** US Letter, 0.75 in margins. */
const PAGE = { width: 612, height: 792, margin: 54 } as const;
const LEFT = PAGE.margin;
const RIGHT = PAGE.width - PAGE.margin;
const WIDTH = RIGHT - LEFT;
/** Room kept at the foot of every page for the footer. */
const FOOTER_TOP = PAGE.height - PAGE.margin - 30;

export interface OrderDocumentInput {
  order: OwnerOrder;
  shop: ShopIdentity;
  /** The shop's address on the web, printed in the footer. */
  publicUrl: string;
}

/** "2026-11-25T15:55:59" (GMT) → "November 25, 2026". */
const longDate = (wpDate: string): string =>
  new Date(`${wpDate}Z`).toLocaleDateString('en-US', {
    year: 'numeric',
    month: 'long',
    day: 'numeric',
    timeZone: 'UTC',
  });

const deliveryAddress = (order: OwnerOrder): Address =>
  order.shipping.address_1.trim() !== '' ? order.shipping : order.billing;

const shopAddressLines = (shop: ShopIdentity): string[] => {
  const { street, suite, city, state, postcode } = shop.address;
  return [
    [street, suite].filter(Boolean).join(', '),
    [city, [state, postcode].filter(Boolean).join(' ')].filter(Boolean).join(', '),
  ]
    .filter((line) => line !== '')
    .map(pdfText);
};

/** A line's variation attributes: "Size: 12 oz · Flavour: Maple". */
const attributesOf = (line: Line): string =>
  line.meta_data.map((meta) => `${meta.display_key}: ${meta.display_value}`).join('  ·  ');

/** What a line is called: the product's name, the variation's attributes on the next line. */
const lineTitle = (line: Line): string => pdfText(line.parent_name ?? line.name);

function newDocument(title: string, shop: ShopIdentity): Doc {
  return new PDFDocument({
    size: 'LETTER',
    margin: PAGE.margin,
    bufferPages: true,
    info: { Title: pdfText(title), Author: pdfText(shop.name), Creator: pdfText(shop.name) },
  });
}

/** The letterhead: the shop on the left, the document's name and its facts on the right. */
function letterhead(
  doc: Doc,
  shop: ShopIdentity,
  heading: string,
  facts: [string, string][],
): number {
  const top = PAGE.margin;
  doc
    .font(DISPLAY)
    .fontSize(24)
    .fillColor(INK)
    .text(pdfText(shop.name), LEFT, top, {
      width: WIDTH * 0.55,
    });
  let y = doc.y + 4;
  doc.font(BODY).fontSize(9).fillColor(MUTED);
  for (const line of [...shopAddressLines(shop), pdfText(shop.email), pdfText(shop.phone)]) {
    if (line === '') continue;
    doc.text(line, LEFT, y, { width: WIDTH * 0.55 });
    y = doc.y + 1;
  }
  const shopBottom = y;

  const factsLeft = LEFT + WIDTH * 0.58;
  const factsWidth = RIGHT - factsLeft;
  doc
    .font(BOLD)
    .fontSize(11)
    .fillColor(HONEY_DEEP)
    .text(heading.toUpperCase(), factsLeft, top + 4, {
      width: factsWidth,
      align: 'right',
    });
  y = doc.y + 8;
  for (const [label, value] of facts) {
    doc.font(BODY).fontSize(9).fillColor(MUTED).text(label, factsLeft, y, { width: factsWidth });
    doc
      .font(BOLD)
      .fontSize(9)
      .fillColor(TEXT)
      .text(pdfText(value), factsLeft, y, { width: factsWidth, align: 'right' });
    y = doc.y + 3;
  }
  const bottom = Math.max(shopBottom, y) + 12;
  doc.moveTo(LEFT, bottom).lineTo(RIGHT, bottom).lineWidth(2).strokeColor(HONEY).stroke();
  return bottom + 20;
}

/** A small capitalised label over a block: "BILL TO". */
function label(doc: Doc, text: string, x: number, y: number, width: number): number {
  doc.font(BOLD).fontSize(7.5).fillColor(MUTED).text(text.toUpperCase(), x, y, { width });
  return doc.y + 4;
}

/** An address block; returns where the next thing may start. */
function addressBlock(
  doc: Doc,
  heading: string,
  lines: string[],
  extra: string[],
  x: number,
  y: number,
  width: number,
): number {
  let at = label(doc, heading, x, y, width);
  lines.forEach((line, index) => {
    doc
      .font(index === 0 ? BOLD : BODY)
      .fontSize(10)
      .fillColor(TEXT)
      .text(line, x, at, { width });
    at = doc.y + 1;
  });
  for (const line of extra) {
    doc.font(BODY).fontSize(9).fillColor(MUTED).text(line, x, at, { width });
    at = doc.y + 1;
  }
  return at;
}

interface Column {
  title: string;
  width: number;
  align: 'left' | 'right' | 'center';
}

interface Cell {
  text: string;
  /** A second, smaller line under the first (attributes, SKU). */
  detail?: string;
  bold?: boolean;
  /** An empty square to tick, instead of text. */
  tickBox?: boolean;
}

const CELL_PAD = 6;

function tableHeader(doc: Doc, columns: Column[], y: number): number {
  doc.rect(LEFT, y, WIDTH, 20).fill(OAT);
  let x = LEFT;
  for (const column of columns) {
    doc
      .font(BOLD)
      .fontSize(8)
      .fillColor(INK)
      .text(column.title.toUpperCase(), x + CELL_PAD, y + 6.5, {
        width: column.width - 2 * CELL_PAD,
        align: column.align,
      });
    x += column.width;
  }
  return y + 20;
}

function cellHeight(doc: Doc, column: Column, cell: Cell): number {
  const width = column.width - 2 * CELL_PAD;
  let height = doc
    .font(cell.bold ? BOLD : BODY)
    .fontSize(10)
    .heightOfString(cell.text || ' ', { width });
  if (cell.detail) {
    height += 2 + doc.font(BODY).fontSize(8.5).heightOfString(cell.detail, { width });
  }
  return height;
}

/**
 * A table that goes on over as many pages as its rows need, repeating its header; long names
 * wrap inside their column. Returns where the next thing may start.
 */
function table(doc: Doc, columns: Column[], rows: Cell[][], startY: number): number {
  let y = tableHeader(doc, columns, startY);
  for (const row of rows) {
    const height =
      Math.max(...row.map((cell, index) => cellHeight(doc, columns[index]!, cell))) + 2 * 8;
    if (y + height > FOOTER_TOP) {
      doc.addPage();
      y = tableHeader(doc, columns, PAGE.margin);
    }
    let x = LEFT;
    row.forEach((cell, index) => {
      const column = columns[index]!;
      const width = column.width - 2 * CELL_PAD;
      if (cell.tickBox) {
        doc
          .rect(x + column.width / 2 - 6, y + 7, 12, 12)
          .lineWidth(1)
          .strokeColor(MUTED)
          .stroke();
      }
      doc
        .font(cell.bold ? BOLD : BODY)
        .fontSize(10)
        .fillColor(TEXT)
        .text(cell.text, x + CELL_PAD, y + 8, { width, align: column.align });
      if (cell.detail) {
        doc
          .font(BODY)
          .fontSize(8.5)
          .fillColor(MUTED)
          .text(cell.detail, x + CELL_PAD, doc.y + 2, { width, align: column.align });
      }
      x += column.width;
    });
    y += height;
    doc.moveTo(LEFT, y).lineTo(RIGHT, y).lineWidth(0.5).strokeColor(BORDER).stroke();
  }
  return y;
}

/** Room for `height` more points on this page, or a new page. */
function ensureRoom(doc: Doc, y: number, height: number): number {
  if (y + height <= FOOTER_TOP) return y;
  doc.addPage();
  return PAGE.margin;
}

/**
 * A rule, a title on the left and `details · Page 2 of 5` on the right, at `y` on every page
 * (after the first with `skipFirst`, a cover), drawn once all pages exist: the order documents'
 * and the line sheet's footer.
 */
export function drawPageFooters(
  doc: Doc,
  footer: {
    left: number;
    right: number;
    y: number;
    title: string;
    details: string;
    skipFirst?: boolean;
  },
): void {
  const { left, right, y, title, details } = footer;
  const width = right - left;
  const range = doc.bufferedPageRange();
  for (
    let index = range.start + (footer.skipFirst ? 1 : 0);
    index < range.start + range.count;
    index++
  ) {
    doc.switchToPage(index);
    // Drawing below the bottom margin would start a new page: lift it while the footer is drawn.
    const margin = doc.page.margins.bottom;
    doc.page.margins.bottom = 0;
    doc
      .moveTo(left, y - 8)
      .lineTo(right, y - 8)
      .lineWidth(0.5)
      .strokeColor(BORDER)
      .stroke();
    doc
      .font(DISPLAY)
      .fontSize(9)
      .fillColor(INK)
      .text(title, left, y, { width: width / 2, lineBreak: false });
    doc
      .font(BODY)
      .fontSize(8)
      .fillColor(MUTED)
      .text(`${details}   ·   Page ${index - range.start + 1} of ${range.count}`, left, y + 1, {
        width,
        align: 'right',
        lineBreak: false,
      });
    doc.page.margins.bottom = margin;
  }
}

/** The shop's footer and "Page 1 of 2" on every page of an order document. */
function footers(doc: Doc, input: OrderDocumentInput, message: string): void {
  const { shop } = input;
  const contact = [shop.email, shop.phone, input.publicUrl.replace(/^https?:\/\//, '')]
    .filter(Boolean)
    .map(pdfText)
    .join('   ·   ');
  drawPageFooters(doc, {
    left: LEFT,
    right: RIGHT,
    y: PAGE.height - PAGE.margin - 14,
    title: message,
    details: contact,
  });
}

function finish(doc: Doc): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    doc.on('data', (chunk: Buffer) => chunks.push(chunk));
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
    doc.end();
  });
}

const wholesaleNote = (order: OwnerOrder): string[] =>
  order.price_list === 'wholesale' ? ['Wholesale order: wholesale prices'] : [];

/** The invoice: who sold what to whom, for how much, and how it was paid. */
export async function renderInvoice(input: OrderDocumentInput): Promise<Buffer> {
  const { order, shop } = input;
  const doc = newDocument(`Invoice ${order.number}`, shop);
  const paid = order.date_paid_gmt;
  // Pay on account: the terms, due day and the buyer's PO number head the invoice.
  const onAccount = order.invoice ?? null;
  const accountRows: [string, string][] = onAccount
    ? [
        ['Terms', paymentTermsLabel(onAccount.terms)],
        ['Due date', longDate(onAccount.date_due_gmt)],
        ...(onAccount.purchase_order_number
          ? ([['PO number', onAccount.purchase_order_number]] as [string, string][])
          : []),
      ]
    : [];
  let y = letterhead(
    doc,
    shop,
    order.price_list === 'wholesale' ? 'Wholesale invoice' : 'Invoice',
    [
      ['Invoice no.', order.number],
      ['Invoice date', longDate(order.date_created_gmt)],
      ['Order no.', `#${order.number}`],
      ...accountRows,
      ['Status', paid ? 'Paid' : onAccount?.overdue ? 'Overdue' : 'Awaiting payment'],
    ],
  );

  const half = (WIDTH - 24) / 2;
  const billing = addressLines(order.billing, { homeCountry: shop.address.country }).map(pdfText);
  const billingExtra = [order.billing.email, order.billing.phone].filter(Boolean).map(pdfText);
  const billBottom = addressBlock(doc, 'Bill to', billing, billingExtra, LEFT, y, half);
  const shipBottom = addressBlock(
    doc,
    'Ship to',
    addressLines(deliveryAddress(order), { homeCountry: shop.address.country }).map(pdfText),
    wholesaleNote(order).length > 0 && order.billing.company.trim() !== ''
      ? [`Wholesale buyer: ${pdfText(order.billing.company)}`]
      : [],
    LEFT + half + 24,
    y,
    half,
  );
  y = Math.max(billBottom, shipBottom) + 22;

  const columns: Column[] = [
    { title: 'Item', width: WIDTH - 60 - 90 - 90, align: 'left' },
    { title: 'Qty', width: 60, align: 'right' },
    { title: 'Unit price', width: 90, align: 'right' },
    { title: 'Total', width: 90, align: 'right' },
  ];
  const rows = order.line_items.map((line): Cell[] => {
    const details = [pdfText(attributesOf(line)), line.sku ? `SKU ${pdfText(line.sku)}` : '']
      .filter(Boolean)
      .join('  ·  ');
    return [
      { text: lineTitle(line), detail: details || undefined, bold: true },
      { text: String(line.quantity) },
      { text: formatCents(centsOf(line.price)) },
      { text: formatCents(centsOf(line.subtotal)) },
    ];
  });
  y = table(doc, columns, rows, y) + 14;

  const subtotalCents = order.line_items.reduce((sum, line) => sum + centsOf(line.subtotal), 0);
  const discountCents = centsOf(order.discount_total);
  const taxCents = centsOf(order.total_tax);
  const refundedCents = order.refunds.reduce((sum, refund) => sum - centsOf(refund.total), 0);
  const shippingTitle = order.shipping_lines.map((line) => line.method_title).join(', ');
  const totals: { label: string; amount: string; strong?: boolean }[] = [
    { label: 'Subtotal', amount: formatCents(subtotalCents) },
    ...(discountCents > 0 ? [{ label: 'Discount', amount: formatCents(-discountCents) }] : []),
    {
      label: shippingTitle ? `Shipping (${pdfText(shippingTitle)})` : 'Shipping',
      amount: formatCents(centsOf(order.shipping_total)),
    },
    ...(taxCents > 0 ? [{ label: 'Tax', amount: formatCents(taxCents) }] : []),
    { label: 'Total', amount: formatCents(centsOf(order.total)), strong: true },
    ...order.refunds.map((refund) => ({
      label: refund.reason ? `Refund: ${pdfText(refund.reason)}` : 'Refund',
      amount: formatCents(centsOf(refund.total)),
    })),
    ...(refundedCents > 0
      ? [
          {
            label: 'Net after refunds',
            amount: formatCents(centsOf(order.total) - refundedCents),
            strong: true,
          },
        ]
      : []),
    ...(onAccount && !paid
      ? [
          {
            label: 'Amount due',
            amount: formatCents(centsOf(order.total) - refundedCents),
            strong: true,
          },
        ]
      : []),
  ];
  const totalsLeft = LEFT + WIDTH * 0.45;
  const totalsWidth = RIGHT - totalsLeft;
  const amountWidth = 90;
  for (const row of totals) {
    const size = row.strong ? 12 : 10;
    const labelWidth = totalsWidth - amountWidth - CELL_PAD;
    const height = doc.font(BODY).fontSize(size).heightOfString(row.label, { width: labelWidth });
    y = ensureRoom(doc, y, height + 12);
    if (row.strong) {
      doc.rect(totalsLeft, y - 5, totalsWidth, height + 10).fill(OAT);
    }
    doc
      .font(row.strong ? BOLD : BODY)
      .fontSize(size)
      .fillColor(row.strong ? INK : TEXT)
      .text(row.label, totalsLeft + CELL_PAD, y, { width: labelWidth });
    doc
      .font(row.strong ? BOLD : BODY)
      .fontSize(size)
      .fillColor(row.strong ? INK : TEXT)
      .text(row.amount, RIGHT - amountWidth, y, { width: amountWidth - CELL_PAD, align: 'right' });
    y += height + (row.strong ? 14 : 8);
  }

  y = ensureRoom(doc, y + 10, 60);
  y = label(doc, 'Payment', LEFT, y, WIDTH);
  const method = pdfText(order.payment_method_title || order.payment_method || 'Not chosen');
  doc
    .font(BODY)
    .fontSize(10)
    .fillColor(TEXT)
    .text(
      paid
        ? `Paid by ${method} on ${longDate(paid)}.`
        : onAccount
          ? `${method}: please pay the amount due by ${longDate(onAccount.date_due_gmt)}, quoting invoice no. ${order.number}${onAccount.purchase_order_number ? ` and PO ${pdfText(onAccount.purchase_order_number)}` : ''}.`
          : `${method}: not paid yet. Please pay the total above.`,
      LEFT,
      y,
      { width: WIDTH },
    );
  if (order.transaction_id) {
    doc
      .font(BODY)
      .fontSize(8.5)
      .fillColor(MUTED)
      .text(`Transaction ${pdfText(order.transaction_id)}`, { width: WIDTH });
  }

  footers(doc, input, `Thank you for buying from ${pdfText(shop.name)}.`);
  return finish(doc);
}

/** The packing slip: what goes in the box and where it goes; no prices. */
export async function renderPackingSlip(input: OrderDocumentInput): Promise<Buffer> {
  const { order, shop } = input;
  const doc = newDocument(`Packing slip ${order.number}`, shop);
  const shippingTitle = order.shipping_lines.map((line) => line.method_title).join(', ');
  let y = letterhead(doc, shop, 'Packing slip', [
    ['Order no.', `#${order.number}`],
    ['Order date', longDate(order.date_created_gmt)],
    ...(shippingTitle ? ([['Shipping', shippingTitle]] as [string, string][]) : []),
  ]);

  const delivery = deliveryAddress(order);
  const half = (WIDTH - 24) / 2;
  const shipBottom = addressBlock(
    doc,
    'Ship to',
    addressLines(delivery, { homeCountry: shop.address.country }).map(pdfText),
    [delivery.phone || order.billing.phone].filter(Boolean).map(pdfText),
    LEFT,
    y,
    half,
  );
  const units = order.line_items.reduce((sum, line) => sum + line.quantity, 0);
  let sideBottom = label(doc, 'In this parcel', LEFT + half + 24, y, half);
  doc
    .font(BOLD)
    .fontSize(10)
    .fillColor(TEXT)
    .text(
      `${units} ${units === 1 ? 'item' : 'items'} in ${order.line_items.length} ${order.line_items.length === 1 ? 'line' : 'lines'}`,
      LEFT + half + 24,
      sideBottom,
      { width: half },
    );
  sideBottom = doc.y + 1;
  for (const note of wholesaleNote(order)) {
    doc
      .font(BODY)
      .fontSize(9)
      .fillColor(HONEY_DEEP)
      .text(note, LEFT + half + 24, sideBottom, {
        width: half,
      });
    sideBottom = doc.y + 1;
  }
  y = Math.max(shipBottom, sideBottom) + 22;

  const columns: Column[] = [
    { title: 'Item', width: WIDTH - 130 - 60 - 60, align: 'left' },
    { title: 'SKU', width: 130, align: 'left' },
    { title: 'Qty', width: 60, align: 'right' },
    { title: 'Packed', width: 60, align: 'center' },
  ];
  const rows = order.line_items.map((line): Cell[] => [
    { text: lineTitle(line), detail: pdfText(attributesOf(line)) || undefined, bold: true },
    { text: pdfText(line.sku) || '—' },
    { text: String(line.quantity), bold: true },
    { text: '', tickBox: true },
  ]);
  y = table(doc, columns, rows, y);

  const note = order.customer_note.trim();
  if (note !== '') {
    y += 22;
    const text = note.split(/\r?\n/).map(pdfText).join('\n');
    // A note is at most 1,000 characters (the contract), so it always fits on one page.
    const height = doc
      .font(BODY)
      .fontSize(10)
      .heightOfString(text, { width: WIDTH - 28 });
    y = ensureRoom(doc, y, height + 44);
    const top = y;
    y = label(doc, 'Note from the buyer', LEFT + 14, y + 12, WIDTH - 28);
    doc
      .font(BODY)
      .fontSize(10)
      .fillColor(TEXT)
      .text(text, LEFT + 14, y, { width: WIDTH - 28 });
    doc
      .roundedRect(LEFT, top, WIDTH, doc.y + 12 - top, 4)
      .lineWidth(1)
      .strokeColor(HONEY)
      .stroke();
  }

  footers(doc, input, `Packed with care by ${pdfText(shop.name)}.`);
  return finish(doc);
}
