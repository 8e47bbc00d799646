import PDFDocument from 'pdfkit';
import { formatCents, type ShopIdentity } from '@larder/contract';
import {
  BODY,
  BOLD,
  BORDER,
  DISPLAY,
  drawPageFooters,
  HONEY,
  HONEY_DEEP,
  INK,
  MUTED,
  OAT,
  TEXT,
} from '../order-documents/order-pdf.ts';
import { pdfText } from '../order-documents/pdf-text.ts';

type Doc = PDFKit.PDFDocument;

/** One size of a product as the line sheet prints it. */
export interface LineSheetSize {
  sku: string;
  /** "12 oz"; empty for a product sold in one size. */
  size: string;
  /** Null where the product has no wholesale price. */
  wholesaleCents: number | null;
  /** The suggested retail price: the shop's own regular price. */
  retailCents: number;
  /** Decision 0037's ordering rules; null where the size has no wholesale price. */
  caseSize: number | null;
  minQuantity: number | null;
  /** Quantity breaks: from `minQuantity` units on, each costs `priceCents`. */
  tiers: { minQuantity: number; priceCents: number }[];
}

export interface LineSheetProduct {
  name: string;
  /** A small PNG or JPEG of the product's first image, or null. */
  image: Buffer | null;
  allergens: string[];
  mayContain: string[];
  /** Labels, e.g. "Gluten-free". */
  dietaryTags: string[];
  sizes: LineSheetSize[];
}

export interface LineSheetInput {
  shop: ShopIdentity;
  publicUrl: string;
  /** The day the prices were read. */
  date: Date;
  categories: { name: string; products: LineSheetProduct[] }[];
}

/** US Letter on its side: a line sheet is read across, like a price list. */
const PAGE = { width: 792, height: 612, margin: 40 } as const;
const LEFT = PAGE.margin;
const RIGHT = PAGE.width - PAGE.margin;
const WIDTH = RIGHT - LEFT;
const FOOTER_TOP = PAGE.height - PAGE.margin - 24;

const IMAGE = 56;
const TEXT_LEFT = LEFT + IMAGE + 12;
const TEXT_WIDTH = 132;
const SIZES_LEFT = TEXT_LEFT + TEXT_WIDTH + 14;
const CELL_PAD = 5;
/** A category's heading and its rule. */
const HEADING = 40;
const ROW = 17;

interface SizeColumn {
  title: string;
  width: number;
  align: 'left' | 'right';
  value: (size: LineSheetSize) => string;
  bold?: boolean;
  /** Long codes (SKUs) in a smaller size, so they stay on one line. */
  small?: boolean;
}

const money = (cents: number | null) => (cents === null ? '-' : formatCents(cents));
const count = (units: number | null) => (units === null ? '-' : String(units));

/**
 * The sizes table's columns, left to right: a new per-size fact (case size, minimum, tiers) is one
 * more entry here; the widths share what is left of the page after the product's text.
 */
const SIZE_COLUMNS: SizeColumn[] = [
  {
    title: 'SKU',
    width: 134,
    align: 'left',
    value: (size) => pdfText(size.sku) || '-',
    small: true,
  },
  {
    title: 'Size',
    width: 90,
    align: 'left',
    value: (size) => pdfText(size.size) || 'One size',
    small: true,
  },
  { title: 'Case', width: 30, align: 'right', value: (size) => count(size.caseSize) },
  { title: 'Min', width: 28, align: 'right', value: (size) => count(size.minQuantity) },
  {
    title: 'Wholesale',
    width: 56,
    align: 'right',
    value: (size) => money(size.wholesaleCents),
    bold: true,
  },
  {
    title: 'Breaks',
    width: 110,
    align: 'left',
    value: (size) =>
      size.tiers.map((tier) => `${tier.minQuantity}+ ${money(tier.priceCents)}`).join(', ') || '-',
    small: true,
  },
  { title: 'SRP', width: 50, align: 'right', value: (size) => money(size.retailCents) },
];
const SIZES_WIDTH = SIZE_COLUMNS.reduce((sum, column) => sum + column.width, 0);

const longDate = (date: Date) =>
  date.toLocaleDateString('en-US', {
    year: 'numeric',
    month: 'long',
    day: 'numeric',
    timeZone: 'UTC',
  });

const hostOf = (url: string) => url.replace(/^https?:\/\//, '').replace(/\/$/, '');

function sizesHeader(doc: Doc, y: number): number {
  doc.rect(SIZES_LEFT, y, SIZES_WIDTH, ROW).fill(OAT);
  let x = SIZES_LEFT;
  for (const column of SIZE_COLUMNS) {
    doc
      .font(BOLD)
      .fontSize(7)
      .fillColor(INK)
      .text(column.title.toUpperCase(), x + CELL_PAD, y + 5.5, {
        width: column.width - 2 * CELL_PAD,
        align: column.align,
        lineBreak: false,
      });
    x += column.width;
  }
  return y + ROW;
}

/** The product's facts beside its image: what the text column holds, in order. */
function productLines(
  product: LineSheetProduct,
): { text: string; font: string; size: number; color: string }[] {
  const lines = [{ text: pdfText(product.name), font: DISPLAY, size: 13, color: INK }];
  if (product.dietaryTags.length > 0) {
    lines.push({
      text: product.dietaryTags.map(pdfText).join('  ·  '),
      font: BOLD,
      size: 8,
      color: HONEY_DEEP,
    });
  }
  lines.push({
    text:
      product.allergens.length > 0
        ? `Contains: ${product.allergens.map(pdfText).join(', ')}`
        : 'Contains no major allergens',
    font: BODY,
    size: 8.5,
    color: TEXT,
  });
  if (product.mayContain.length > 0) {
    lines.push({
      text: `May contain: ${product.mayContain.map(pdfText).join(', ')}`,
      font: BODY,
      size: 8.5,
      color: MUTED,
    });
  }
  return lines;
}

function textHeight(doc: Doc, product: LineSheetProduct): number {
  return productLines(product).reduce(
    (sum, line) =>
      sum +
      doc.font(line.font).fontSize(line.size).heightOfString(line.text, { width: TEXT_WIDTH }) +
      3,
    0,
  );
}

const blockHeight = (doc: Doc, product: LineSheetProduct) =>
  Math.max(IMAGE, textHeight(doc, product), ROW * (product.sizes.length + 1)) + 18;

function drawProduct(doc: Doc, product: LineSheetProduct, top: number): number {
  const height = blockHeight(doc, product);
  if (product.image) {
    try {
      doc.image(product.image, LEFT, top, {
        fit: [IMAGE, IMAGE],
        align: 'center',
        valign: 'center',
      });
    } catch {
      // An image pdfkit cannot read is left out; the product's line still prints.
      doc.rect(LEFT, top, IMAGE, IMAGE).fill(OAT);
    }
  } else {
    doc.rect(LEFT, top, IMAGE, IMAGE).fill(OAT);
  }
  doc.rect(LEFT, top, IMAGE, IMAGE).lineWidth(0.5).strokeColor(BORDER).stroke();

  let y = top;
  for (const line of productLines(product)) {
    doc.font(line.font).fontSize(line.size).fillColor(line.color).text(line.text, TEXT_LEFT, y, {
      width: TEXT_WIDTH,
    });
    y = doc.y + 3;
  }

  y = sizesHeader(doc, top);
  product.sizes.forEach((size, index) => {
    if (index % 2 === 1) doc.rect(SIZES_LEFT, y, SIZES_WIDTH, ROW).fill('#fcf9f3');
    let x = SIZES_LEFT;
    for (const column of SIZE_COLUMNS) {
      doc
        .font(column.bold ? BOLD : BODY)
        .fontSize(column.small ? 8 : 9)
        .fillColor(TEXT)
        .text(column.value(size), x + CELL_PAD, y + (column.small ? 5 : 4.5), {
          width: column.width - 2 * CELL_PAD,
          align: column.align,
          lineBreak: false,
          // One line per size: a longer value is cut with an ellipsis rather than overlapping.
          height: 10,
          ellipsis: true,
        });
      x += column.width;
    }
    y += ROW;
  });

  const bottom = top + height;
  doc
    .moveTo(LEFT, bottom - 9)
    .lineTo(RIGHT, bottom - 9)
    .lineWidth(0.5)
    .strokeColor(BORDER)
    .stroke();
  return bottom;
}

function categoryHeading(doc: Doc, name: string, y: number): number {
  doc.font(DISPLAY).fontSize(18).fillColor(INK).text(pdfText(name), LEFT, y, { width: WIDTH });
  const rule = doc.y + 3;
  doc.moveTo(LEFT, rule).lineTo(RIGHT, rule).lineWidth(1.5).strokeColor(HONEY).stroke();
  return rule + 12;
}

function cover(doc: Doc, input: LineSheetInput): void {
  const { shop } = input;
  doc.rect(0, 0, PAGE.width, PAGE.height).fill(OAT);
  doc.rect(0, 0, 18, PAGE.height).fill(HONEY);
  const left = LEFT + 40;
  const width = WIDTH - 80;
  doc
    .font(BOLD)
    .fontSize(11)
    .fillColor(HONEY_DEEP)
    .text('WHOLESALE LINE SHEET', left, 150, { width });
  doc
    .font(DISPLAY)
    .fontSize(48)
    .fillColor(INK)
    .text(pdfText(shop.name), left, doc.y + 10, { width });
  const rule = doc.y + 12;
  doc
    .moveTo(left, rule)
    .lineTo(left + 120, rule)
    .lineWidth(3)
    .strokeColor(HONEY)
    .stroke();
  doc
    .font(BODY)
    .fontSize(13)
    .fillColor(TEXT)
    .text(`Prices as of ${longDate(input.date)}`, left, rule + 20, { width });

  const products = input.categories.reduce((sum, category) => sum + category.products.length, 0);
  const sizes = input.categories.reduce(
    (sum, category) =>
      sum + category.products.reduce((count, product) => count + product.sizes.length, 0),
    0,
  );
  doc
    .font(BODY)
    .fontSize(10.5)
    .fillColor(MUTED)
    .text(
      `${products} ${products === 1 ? 'product' : 'products'} in ${sizes} ${sizes === 1 ? 'size' : 'sizes'}: ` +
        input.categories.map((category) => pdfText(category.name)).join(', '),
      left,
      doc.y + 8,
      { width: width * 0.8 },
    );

  const facts = [
    `Order online at ${hostOf(input.publicUrl)}: sign in to your wholesale account to see these prices on every product.`,
    'Prices are in US dollars, before shipping and any tax. Case: units per case (order whole cases). Min: the fewest units per order. Breaks: the unit price from that many units on. SRP: suggested retail price.',
    [shop.email, shop.phone].filter(Boolean).map(pdfText).join('   ·   '),
    [shop.address.street, shop.address.city, [shop.address.state, shop.address.postcode].join(' ')]
      .filter((part) => part.trim() !== '')
      .map(pdfText)
      .join(', '),
  ].filter((line) => line !== '');
  // Measured, not counted: a note that wraps to two lines would run into the one below it.
  doc.font(BODY).fontSize(9.5).fillColor(TEXT);
  const heights = facts.map((line) => doc.heightOfString(line, { width }));
  const gap = 5;
  let y = PAGE.height - PAGE.margin - 20 - heights.reduce((sum, height) => sum + height + gap, 0);
  facts.forEach((line, index) => {
    doc.text(line, left, y, { width });
    y += heights[index]! + gap;
  });
}

/** "Page 2 of 5" and the shop on every page after the cover, drawn once all pages exist. */
function footers(doc: Doc, input: LineSheetInput): void {
  drawPageFooters(doc, {
    left: LEFT,
    right: RIGHT,
    y: PAGE.height - PAGE.margin - 10,
    title: `${pdfText(input.shop.name)} wholesale line sheet`,
    details: `Prices as of ${longDate(input.date)}   ·   ${hostOf(input.publicUrl)}`,
    skipFirst: true,
  });
}

/** The line sheet: a cover, then each category's products with their sizes and prices. */
export function renderLineSheet(input: LineSheetInput): Promise<Buffer> {
  const doc = new PDFDocument({
    size: 'LETTER',
    layout: 'landscape',
    margin: PAGE.margin,
    bufferPages: true,
    info: {
      Title: pdfText(`${input.shop.name} wholesale line sheet`),
      Author: pdfText(input.shop.name),
      Creator: pdfText(input.shop.name),
    },
  });
  cover(doc, input);

  // Categories follow one another; a category starts a new page only when its heading and first
  // product would not fit.
  let y: number | null = null;
  for (const category of input.categories) {
    const first = category.products[0];
    const needed = HEADING + (first ? blockHeight(doc, first) : 0);
    if (y === null || y + 14 + needed > FOOTER_TOP) {
      doc.addPage();
      y = categoryHeading(doc, category.name, PAGE.margin);
    } else {
      y = categoryHeading(doc, category.name, y + 14);
    }
    for (const product of category.products) {
      if (y + blockHeight(doc, product) > FOOTER_TOP) {
        doc.addPage();
        y = categoryHeading(doc, `${category.name} (continued)`, PAGE.margin);
      }
      y = drawProduct(doc, product, y);
    }
  }
  if (input.categories.length === 0) {
    doc.addPage();
    doc
      .font(BODY)
      .fontSize(12)
      .fillColor(TEXT)
      .text('No products are on sale at the moment.', LEFT, PAGE.margin, { width: WIDTH });
  }

  footers(doc, input);
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    doc.on('data', (chunk: Buffer) => chunks.push(chunk));
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
    doc.end();
  });
}
