import type { Order, Product, WholesaleTerms } from '@larder/contract';
import { formatCents } from '@larder/contract/money';
import { useEffect, useMemo, useRef, useState, type ChangeEvent } from 'react';
import { Link, useNavigate } from 'react-router';
import { FormBanner, type Banner } from '../../../components/forms/form-banner.tsx';
import { formErrorMessage } from '../../../components/forms/form-errors.ts';
import { Button, ButtonLink } from '../../../components/ui/button.tsx';
import { notify } from '../../../components/ui/toast.tsx';
import { importQuickOrderFile } from '../../../lib/api/quick-order.ts';
import { useCartStore } from '../../cart/cart-store.ts';
import { wholesaleProgress } from '../../cart/wholesale-cart.ts';
import { MinimumMeter } from '../minimum-meter.tsx';
import {
  cartItemsFor,
  nextBreak,
  quantitiesFromImport,
  quantitiesFromOrder,
  quickOrderLines,
  quickOrderRows,
  rowKey,
  rowTitle,
  type QuickOrderLine,
  type QuickOrderRow,
} from './quick-order-rows.ts';

/** Shown to a signed-in account that is not a wholesale partner. */
export function QuickOrderForPartners() {
  return (
    <div className="quick-order-partners">
      <h2 className="quick-order__title">Quick order is for wholesale partners</h2>
      <p>
        Cafés, shops and offices with a wholesale account order every product and size from one
        table here, at wholesale prices.
      </p>
      <ButtonLink to="/wholesale">Apply for a wholesale account</ButtonLink>
    </div>
  );
}

const unitsLabel = (row: QuickOrderRow, quantity: number) => {
  const { caseSize } = row.rules;
  if (caseSize <= 1 || quantity === 0 || quantity % caseSize !== 0) return null;
  const cases = quantity / caseSize;
  return `${cases} ${cases === 1 ? 'case' : 'cases'} of ${caseSize}`;
};

/**
 * Issue 15's quick order: every product and size in one table at the buyer's prices, case
 * quantities checked as the order will check them, filled from the last order or a spreadsheet,
 * and put in the cart in one go. It starts from the cart's own quantities, and "Add all to cart"
 * makes the cart hold the table's.
 */
export function QuickOrder({
  products,
  lastOrder,
  minimum,
}: {
  products: Product[];
  lastOrder: Order | null;
  /** The order minimum that applies to this buyer (opening or reorder). */
  minimum: WholesaleTerms;
}) {
  const navigate = useNavigate();
  const rows = useMemo(() => quickOrderRows(products), [products]);
  const [quantities, setQuantities] = useState<Map<string, number>>(new Map());
  const [banner, setBanner] = useState<Banner | null>(null);
  const [fileProblems, setFileProblems] = useState<string[]>([]);
  const [reading, setReading] = useState(false);
  const bannerRef = useRef<HTMLDivElement>(null);

  // The cart lives in the browser: its quantities are read once the page is there.
  useEffect(() => {
    const known = new Set(rows.map((row) => row.key));
    const fromCart = new Map<string, number>();
    for (const item of useCartStore.getState().items) {
      const key = rowKey(item.product.id, item.variation_id ?? 0);
      if (known.has(key)) fromCart.set(key, item.quantity);
    }
    setQuantities(fromCart);
  }, [rows]);

  const lines = quickOrderLines(rows, quantities);
  const byKey = new Map(lines.map((line) => [line.row.key, line]));
  const subtotalCents = lines.reduce((sum, line) => sum + line.totalCents, 0);
  const units = lines.reduce((sum, line) => sum + line.quantity, 0);
  const problems = lines.filter((line) => line.problem !== null);
  const progress = wholesaleProgress(minimum, subtotalCents);

  const say = (next: Banner) => {
    setBanner(next);
    requestAnimationFrame(() => bannerRef.current?.focus());
  };

  const setQuantity = (key: string, value: string) => {
    const quantity = Math.max(0, Math.floor(Number(value) || 0));
    setQuantities((current) => new Map(current).set(key, quantity));
  };

  const fillFromOrder = () => {
    if (!lastOrder) return;
    setQuantities(quantitiesFromOrder(rows, lastOrder));
    setFileProblems([]);
    say({
      tone: 'success',
      message: `Filled in from order #${lastOrder.number}. Check the quantities, then add them to your cart.`,
    });
  };

  const readFile = async (event: ChangeEvent<HTMLInputElement>) => {
    const input = event.currentTarget;
    const file = input.files?.[0];
    if (!file) return;
    setReading(true);
    try {
      const read = await importQuickOrderFile(await file.text());
      const { quantities: imported, notForSale } = quantitiesFromImport(rows, read);
      setQuantities(imported);
      setFileProblems([
        ...read.problems.map((problem) => `Row ${problem.row}: ${problem.message}`),
        ...notForSale.map((sku) => `${sku} cannot be ordered right now.`),
      ]);
      say({
        tone: imported.size > 0 ? 'success' : 'error',
        message:
          imported.size > 0
            ? `Read ${imported.size} ${imported.size === 1 ? 'line' : 'lines'} from ${file.name}.`
            : `Nothing in ${file.name} could be ordered: each row needs a SKU and a quantity.`,
      });
    } catch (error) {
      say({ tone: 'error', message: formErrorMessage(error) });
    } finally {
      setReading(false);
      // The same file can be chosen again after it is edited.
      input.value = '';
    }
  };

  const addAll = async () => {
    if (problems.length > 0) {
      say({ tone: 'error', message: 'Fix the lines marked in the table first.' });
      return;
    }
    const cart = useCartStore.getState();
    const tableKeys = new Set(rows.map((row) => row.key));
    for (const item of cart.items) {
      if (tableKeys.has(rowKey(item.product.id, item.variation_id ?? 0))) cart.remove(item.id);
    }
    for (const item of cartItemsFor(lines)) cart.add(item);
    notify({
      type: 'success',
      title: 'Your cart holds the quick order',
      message: `${units} units, ${formatCents(subtotalCents)} before shipping and tax.`,
    });
    await navigate('/cart');
  };

  return (
    <div className="quick-order">
      <header className="quick-order__head">
        <p className="quick-order__intro">
          Every product and size at your wholesale prices. Enter quantities in units; sizes sold by
          the case step by the case. Quantity breaks apply as you type.
        </p>
      </header>

      <div className="quick-order__tools" role="group" aria-label="Fill in the table">
        {lastOrder ? (
          <Button variant="secondary" onClick={fillFromOrder}>
            Order again: #{lastOrder.number}
          </Button>
        ) : null}
        <label className="quick-order__file button button--secondary">
          {reading ? 'Reading…' : 'Upload an order sheet (CSV)'}
          <input
            type="file"
            accept=".csv,text/csv,text/plain"
            className="visually-hidden"
            aria-describedby="quick-order-file-hint"
            disabled={reading}
            onChange={(event) => void readFile(event)}
          />
        </label>
        {units > 0 ? (
          <Button
            variant="ghost"
            onClick={() => {
              setQuantities(new Map());
              setFileProblems([]);
            }}
          >
            Clear all
          </Button>
        ) : null}
        <p id="quick-order-file-hint" className="quick-order__hint muted">
          A sheet with a SKU and a quantity on each row, such as <code>LO-HOC-12,24</code>; a header
          row naming <code>sku</code> and <code>quantity</code> is fine.
        </p>
      </div>

      <FormBanner banner={banner} ref={bannerRef} testId="quick-order-banner" />
      {fileProblems.length > 0 ? (
        <div className="quick-order__file-problems" data-testid="quick-order-file-problems">
          <p>These rows were left out:</p>
          <ul>
            {fileProblems.map((problem) => (
              <li key={problem}>{problem}</li>
            ))}
          </ul>
        </div>
      ) : null}

      <table className="quick-order__table" data-testid="quick-order-table">
        <caption className="visually-hidden">Products and sizes at your wholesale prices</caption>
        <thead>
          <tr>
            <th scope="col">Product</th>
            <th scope="col">Your price</th>
            <th scope="col">Quantity</th>
            <th scope="col" className="quick-order__num">
              Line total
            </th>
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => (
            <QuickOrderTableRow
              key={row.key}
              row={row}
              line={byKey.get(row.key) ?? null}
              onQuantity={(value) => setQuantity(row.key, value)}
            />
          ))}
        </tbody>
      </table>

      <aside
        className="quick-order__summary"
        aria-label="Order so far"
        data-testid="quick-order-summary"
      >
        <p className="quick-order__total" aria-live="polite">
          <span>
            {units} {units === 1 ? 'unit' : 'units'}
          </span>
          <strong data-testid="quick-order-subtotal">{formatCents(subtotalCents)}</strong>
        </p>
        <p className="muted quick-order__note">Before shipping and tax.</p>
        <MinimumMeter
          progress={progress}
          id="quick-order-minimum"
          className="quick-order__minimum"
        />
        {problems.length > 0 ? (
          <p className="quick-order__warning" role="status">
            {problems.length === 1 ? 'One line needs' : `${problems.length} lines need`} a different
            quantity.
          </p>
        ) : null}
        <Button size="lg" onClick={() => void addAll()} disabled={units === 0}>
          Add all to cart
        </Button>
        <Link to="/cart" className="quick-order__cart-link">
          Go to your cart
        </Link>
      </aside>
    </div>
  );
}

function QuickOrderTableRow({
  row,
  line,
  onQuantity,
}: {
  row: QuickOrderRow;
  line: QuickOrderLine | null;
  onQuantity: (value: string) => void;
}) {
  const title = rowTitle(row);
  const quantity = line?.quantity ?? 0;
  const inputId = `quick-order-${row.key.replace(':', '-')}`;
  const problemId = `${inputId}-problem`;
  const upcoming = nextBreak(row, quantity);
  const cases = unitsLabel(row, quantity);
  return (
    <tr
      className="quick-order__row"
      data-testid="quick-order-row"
      data-sku={row.sku}
      data-problem={line?.problem ? true : undefined}
    >
      <th scope="row" className="quick-order__product">
        <div className="quick-order__product-inner">
          {row.image ? (
            <img
              src={row.image.src}
              alt=""
              width={48}
              height={48}
              loading="lazy"
              decoding="async"
            />
          ) : (
            <span className="quick-order__no-image" aria-hidden="true" />
          )}
          <span>
            <span className="quick-order__name">{row.name}</span>
            {row.option ? <span className="quick-order__option">{row.option}</span> : null}
            <span className="quick-order__sku">SKU {row.sku}</span>
            {!row.inStock ? <span className="quick-order__stock">Out of stock</span> : null}
          </span>
        </div>
      </th>
      <td className="quick-order__price" data-label="Your price">
        <span>{formatCents(line?.unitCents ?? row.unitCents)}</span>
        <span className="muted quick-order__retail">Retail {formatCents(row.retailCents)}</span>
        {upcoming ? (
          <span className="quick-order__break">
            {formatCents(upcoming.priceCents)} from {upcoming.minQuantity}
          </span>
        ) : null}
      </td>
      <td className="quick-order__quantity" data-label="Quantity">
        <label htmlFor={inputId} className="visually-hidden">
          Quantity of {title}
        </label>
        <input
          id={inputId}
          type="number"
          inputMode="numeric"
          min={0}
          step={row.rules.caseSize}
          value={quantity === 0 ? '' : quantity}
          placeholder="0"
          disabled={!row.inStock}
          aria-invalid={line?.problem ? true : undefined}
          aria-describedby={line?.problem ? problemId : `${inputId}-rule`}
          onChange={(event) => onQuantity(event.currentTarget.value)}
        />
        <span id={`${inputId}-rule`} className="quick-order__rule muted">
          {cases ??
            (row.rules.caseSize > 1
              ? `Cases of ${row.rules.caseSize}`
              : row.rules.minQuantity > 1
                ? `At least ${row.rules.minQuantity}`
                : 'By the unit')}
        </span>
        {line?.problem ? (
          <span id={problemId} className="quick-order__problem">
            {line.problem}
          </span>
        ) : null}
      </td>
      <td className="quick-order__num quick-order__line-total" data-label="Line total">
        {line ? formatCents(line.totalCents) : '—'}
      </td>
    </tr>
  );
}
