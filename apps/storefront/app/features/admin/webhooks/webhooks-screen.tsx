import {
  WEBHOOK_STATUSES,
  WEBHOOK_TOPICS,
  type Webhook,
  type WebhookDelivery,
  type WebhookEdit,
} from '@larder/contract';
import { Form, Link, useNavigation } from 'react-router';
import { SelectField, TextField } from '../../../components/forms/form-field.tsx';
import { SubmitButton } from '../../../components/forms/submit-button.tsx';
import type { ActionResult } from '../action-result.ts';
import { ActionNotice } from '../action-notice.tsx';
import { AdminPageHeader } from '../admin-shell.tsx';
import { formatDateTime, StatusBadge } from '../format.tsx';
import { AdminTable, ConfirmAction } from '../list-parts.tsx';

interface WebhooksScreenProps {
  webhooks: Webhook[];
  selected: WebhookEdit | undefined;
  deliveries: WebhookDelivery[];
  result: ActionResult | undefined;
}

const TOPIC_OPTIONS = WEBHOOK_TOPICS.map((topic) => ({ code: topic, name: topic }));
const STATUS_OPTIONS = WEBHOOK_STATUSES.map((status) => ({
  code: status,
  name: { active: 'Active', paused: 'Paused', disabled: 'Disabled' }[status],
}));

/** One form for a new webhook and for the opened one: the fields are WooCommerce's. */
function WebhookForm({
  webhook,
  result,
}: {
  webhook: WebhookEdit | undefined;
  result: ActionResult | undefined;
}) {
  const navigation = useNavigation();
  const errors = result && !result.ok ? (result.fieldErrors ?? {}) : {};
  const intent = webhook ? 'update-webhook' : 'create-webhook';
  const titleId = webhook ? 'edit-webhook-title' : 'create-webhook-title';
  return (
    <section className="admin-card admin-section" aria-labelledby={titleId}>
      <h2 id={titleId} className="admin-card__title">
        {webhook ? `Edit “${webhook.name}”` : 'Add a webhook'}
      </h2>
      <Form
        key={webhook ? `${webhook.id}-${webhook.date_modified_gmt}` : 'new'}
        method="post"
        preventScrollReset
        className="admin-form"
        aria-labelledby={titleId}
      >
        <input type="hidden" name="intent" value={intent} />
        {webhook ? <input type="hidden" name="id" value={webhook.id} /> : null}
        <TextField
          id="webhook-name"
          name="name"
          label="Name"
          required={false}
          maxLength={200}
          defaultValue={webhook?.name}
          error={errors.name}
        />
        <SelectField
          id="webhook-status"
          name="status"
          label="Status"
          placeholder="Choose a status"
          options={STATUS_OPTIONS}
          defaultValue={webhook?.status ?? 'active'}
          hint="Active webhooks are sent; the shop disables one after more than five failed deliveries in a row."
          error={errors.status}
        />
        <SelectField
          id="webhook-topic"
          name="topic"
          label="Topic"
          placeholder="Choose what is sent"
          options={TOPIC_OPTIONS}
          defaultValue={webhook?.topic ?? 'order.created'}
          error={errors.topic}
        />
        <TextField
          id="webhook-delivery-url"
          name="delivery_url"
          label="Delivery URL"
          type="url"
          maxLength={2000}
          defaultValue={webhook?.delivery_url}
          hint="The address the receiving service gave you (http or https)."
          error={errors.delivery_url}
        />
        <TextField
          id="webhook-secret"
          name="secret"
          label="Secret"
          required={false}
          maxLength={200}
          defaultValue={webhook?.secret}
          hint={
            webhook
              ? 'The receiver checks X-WC-Webhook-Signature with it.'
              : 'Left empty, the shop makes one; the receiver checks X-WC-Webhook-Signature with it.'
          }
          error={errors.secret}
        />
        <div className="admin-actions">
          <SubmitButton
            pending={
              navigation.state === 'submitting' && navigation.formData?.get('intent') === intent
            }
            pendingLabel="Saving…"
          >
            {webhook ? 'Save webhook' : 'Add webhook'}
          </SubmitButton>
          {webhook ? (
            <Link to="/admin/webhooks" className="button button--secondary">
              Close
            </Link>
          ) : null}
        </div>
      </Form>
    </section>
  );
}

const DELIVERY_STATUS = { delivered: 'completed', pending: 'pending', failed: 'failed' } as const;

function Deliveries({ webhook, deliveries }: { webhook: Webhook; deliveries: WebhookDelivery[] }) {
  return (
    // The table's caption names it; a heading above would say it twice.
    <div className="admin-section admin-webhook-deliveries">
      <AdminTable
        testId="webhook-deliveries"
        caption={`Recent deliveries of ${webhook.name}`}
        columns={['Time', 'Topic', 'Result', 'Response', 'Duration', 'Attempt', 'Next retry']}
        empty="Nothing sent yet."
        rows={deliveries.map((delivery) => (
          <tr key={delivery.id} data-testid="webhook-delivery-row">
            <td data-label="Time">
              {formatDateTime(delivery.last_attempt_gmt ?? delivery.date_created_gmt)}
            </td>
            <td data-label="Topic">
              {delivery.topic} #{delivery.resource_id}
            </td>
            <td data-label="Result">
              <StatusBadge status={DELIVERY_STATUS[delivery.status]} label={delivery.status} />
            </td>
            <td data-label="Response">
              <details>
                <summary>
                  {delivery.response_code ?? (delivery.attempts > 0 ? 'No answer' : 'Not sent')}
                </summary>
                <p>Sent</p>
                {/* Focusable: a long body scrolls, and the keyboard must reach it. */}
                <pre className="admin-pre" tabIndex={0} aria-label="Body sent">
                  {delivery.request_body ?? '(not built yet)'}
                </pre>
                <p>Answered</p>
                <pre className="admin-pre" tabIndex={0} aria-label="Answer">
                  {delivery.response_body ?? ''}
                </pre>
              </details>
            </td>
            <td data-label="Duration">
              {delivery.duration_ms === null ? '—' : `${delivery.duration_ms} ms`}
            </td>
            <td data-label="Attempt">{delivery.attempts}</td>
            <td data-label="Next retry">
              {delivery.next_attempt_gmt ? formatDateTime(delivery.next_attempt_gmt) : '—'}
            </td>
          </tr>
        ))}
      />
    </div>
  );
}

/**
 * WooCommerce's webhooks: the shop POSTs each order, product, customer or discount code event to a
 * service's address, signed with the webhook's secret, and retries when it does not answer.
 */
export function WebhooksScreen({ webhooks, selected, deliveries, result }: WebhooksScreenProps) {
  return (
    <>
      <AdminPageHeader
        title="Webhooks"
        description="Tell the services you use when orders, products, customers or discount codes change, as WooCommerce does."
      />
      <ActionNotice result={result} />
      <AdminTable
        testId="webhooks"
        caption="Webhooks"
        columns={['Name', 'Topic', 'Status', 'Delivery URL', 'Actions']}
        empty="No webhooks yet."
        rows={webhooks.map((webhook) => (
          <tr key={webhook.id} data-testid="webhook-row">
            <td data-label="Name">
              <Link to={`?webhook=${webhook.id}`} preventScrollReset>
                {webhook.name}
              </Link>
            </td>
            <td data-label="Topic">{webhook.topic}</td>
            <td data-label="Status">
              <StatusBadge
                status={webhook.status === 'active' ? 'completed' : 'failed'}
                label={webhook.status}
              />
            </td>
            <td data-label="Delivery URL">
              <code>{webhook.delivery_url}</code>
            </td>
            <td data-label="Actions">
              <ConfirmAction
                confirmKey={`delete-${webhook.id}`}
                label="Delete"
                linkLabel={`Delete ${webhook.name}`}
                question={`Delete “${webhook.name}”? Nothing more is sent to ${webhook.delivery_url}.`}
                confirmLabel="Delete webhook"
              >
                <input type="hidden" name="intent" value="delete-webhook" />
                <input type="hidden" name="id" value={webhook.id} />
              </ConfirmAction>
            </td>
          </tr>
        ))}
      />
      {selected ? <Deliveries webhook={selected} deliveries={deliveries} /> : null}
      <WebhookForm webhook={selected} result={result} />
    </>
  );
}
