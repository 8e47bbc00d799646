import { taxLineCents, type Order } from '@larder/contract';
import { centsOf, formatCents, formatMoney } from '@larder/contract/money';
import { formatDate } from '../content/content-data.ts';
import {
  addressLines,
  hasShippingAddress,
  lineAttributes,
  lineTitle,
  orderStatusLabel,
  orderSubtotalCents,
} from './order-view.ts';
import './orders.css';

/** The facts a receipt leads with: number, date, total, payment method and status. */
export function OrderOverview({ order }: { order: Order }) {
  return (
    <dl className="order-overview" data-testid="order-overview">
      <div>
        <dt>Order number</dt>
        <dd data-testid="order-number">{order.number}</dd>
      </div>
      <div>
        <dt>Date</dt>
        <dd>
          <time dateTime={order.date_created_gmt}>{formatDate(order.date_created)}</time>
        </dd>
      </div>
      <div>
        <dt>Total</dt>
        <dd data-testid="order-overview-total">{formatMoney(order.total)}</dd>
      </div>
      <div>
        <dt>Payment method</dt>
        <dd>{order.payment_method_title || '—'}</dd>
      </div>
      {order.invoice ? (
        <>
          <div>
            <dt>Payment due</dt>
            <dd data-testid="order-due-date">
              <time dateTime={order.invoice.date_due_gmt}>
                {formatDate(order.invoice.date_due)}
              </time>
            </dd>
          </div>
          {order.invoice.purchase_order_number ? (
            <div>
              <dt>Purchase order</dt>
              <dd data-testid="order-po-number">{order.invoice.purchase_order_number}</dd>
            </div>
          ) : null}
        </>
      ) : null}
      <div>
        <dt>Status</dt>
        <dd>
          <span className="order-status" data-status={order.status} data-testid="order-status">
            {orderStatusLabel(order.status)}
          </span>
        </dd>
      </div>
    </dl>
  );
}

interface AddressProps {
  title: string;
  lines: string[];
  extra?: string[];
  Heading: 'h3' | 'h4';
}

function Address({ title, lines, extra, Heading }: AddressProps) {
  return (
    <section className="order-address" aria-label={title}>
      <Heading className="order-address__title">{title}</Heading>
      <address>
        {lines.map((line, index) => (
          <span key={index} className="order-address__line">
            {line}
          </span>
        ))}
        {extra && extra.some(Boolean) ? (
          <span className="order-address__contacts">
            {extra.filter(Boolean).map((line) => (
              <span key={line}>{line}</span>
            ))}
          </span>
        ) : null}
      </address>
    </section>
  );
}

/**
 * An order's lines, totals and addresses: the order-received page shows it, and so will the
 * account's order history.
 */
export function OrderDetails({ order, headingLevel = 2 }: { order: Order; headingLevel?: 2 | 3 }) {
  const Heading = `h${headingLevel}` as const;
  const SubHeading = headingLevel === 2 ? 'h3' : 'h4';
  const shipping = order.shipping_lines[0];
  return (
    <div className="order-details" data-testid="order-details">
      <section className="order-card" aria-labelledby={`order-${order.id}-items`}>
        <Heading id={`order-${order.id}-items`} className="order-card__title">
          Order details
        </Heading>
        <table className="order-lines">
          <thead>
            <tr>
              <th scope="col">Product</th>
              <th scope="col" className="order-lines__qty">
                Qty
              </th>
              <th scope="col" className="order-lines__money">
                Total
              </th>
            </tr>
          </thead>
          <tbody>
            {order.line_items.map((line) => {
              const attributes = lineAttributes(line);
              return (
                <tr key={line.id} data-testid="order-line">
                  <td>
                    <div className="order-line">
                      {line.image.src ? (
                        <img
                          className="order-line__image"
                          src={line.image.src}
                          alt=""
                          width={64}
                          height={64}
                          loading="lazy"
                        />
                      ) : (
                        <span className="order-line__image" aria-hidden="true" />
                      )}
                      <div>
                        <p className="order-line__name">{lineTitle(line)}</p>
                        {attributes.length > 0 ? (
                          <ul className="order-line__attributes">
                            {attributes.map((attribute) => (
                              <li key={attribute.label}>
                                {attribute.label}: {attribute.value}
                              </li>
                            ))}
                          </ul>
                        ) : null}
                        <p className="order-line__unit">{formatMoney(line.price)} each</p>
                      </div>
                    </div>
                  </td>
                  <td className="order-lines__qty">
                    <span className="visually-hidden">Quantity </span>
                    {line.quantity}
                  </td>
                  <td className="order-lines__money" data-testid="order-line-total">
                    {formatMoney(line.subtotal)}
                  </td>
                </tr>
              );
            })}
          </tbody>
          <tfoot>
            <tr>
              <th scope="row" colSpan={2}>
                Subtotal
              </th>
              <td className="order-lines__money" data-testid="order-subtotal">
                {formatCents(orderSubtotalCents(order))}
              </td>
            </tr>
            {centsOf(order.discount_total) > 0 ? (
              <tr>
                <th scope="row" colSpan={2}>
                  Discount
                  <span className="order-lines__method">
                    {order.coupon_lines.map((line) => line.code).join(', ')}
                  </span>
                </th>
                <td className="order-lines__money" data-testid="order-discount">
                  −{formatMoney(order.discount_total)}
                </td>
              </tr>
            ) : null}
            <tr>
              <th scope="row" colSpan={2}>
                Shipping
                {shipping ? (
                  <span className="order-lines__method">{shipping.method_title}</span>
                ) : null}
              </th>
              <td className="order-lines__money" data-testid="order-shipping">
                {formatMoney(order.shipping_total)}
              </td>
            </tr>
            {order.tax_lines.length > 0 ? (
              order.tax_lines.map((line) => (
                <tr key={line.id}>
                  <th scope="row" colSpan={2}>
                    {line.label}
                    <span className="order-lines__method">{line.rate_percent} %</span>
                  </th>
                  <td className="order-lines__money" data-testid="order-tax-line">
                    {formatCents(taxLineCents(line))}
                  </td>
                </tr>
              ))
            ) : (
              <tr>
                <th scope="row" colSpan={2}>
                  Sales tax
                  {order.tax_exempt_reason ? (
                    <span className="order-lines__method">{order.tax_exempt_reason}</span>
                  ) : null}
                </th>
                <td className="order-lines__money" data-testid="order-tax">
                  {formatMoney(order.total_tax)}
                </td>
              </tr>
            )}
            <tr className="order-lines__total">
              <th scope="row" colSpan={2}>
                Total
              </th>
              <td className="order-lines__money" data-testid="order-total">
                {formatMoney(order.total)}
              </td>
            </tr>
          </tfoot>
        </table>
        {order.customer_note ? (
          <div className="order-note">
            <SubHeading className="order-address__title">Gift note</SubHeading>
            <p>{order.customer_note}</p>
          </div>
        ) : null}
      </section>

      <div className="order-addresses">
        <Address
          title="Billing address"
          Heading={SubHeading}
          lines={addressLines(order.billing)}
          extra={[order.billing.email, order.billing.phone]}
        />
        <Address
          title="Shipping address"
          Heading={SubHeading}
          lines={addressLines(hasShippingAddress(order) ? order.shipping : order.billing)}
        />
      </div>
    </div>
  );
}
