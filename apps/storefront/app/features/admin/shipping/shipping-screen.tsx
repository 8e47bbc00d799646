import type { ShippingZoneMethod } from '@larder/contract';
import { centsOf, formatCents } from '@larder/contract/money';
import { Form, useNavigation } from 'react-router';
import { SelectField, TextAreaField, TextField } from '../../../components/forms/form-field.tsx';
import { SubmitButton } from '../../../components/forms/submit-button.tsx';
import { ActionNotice } from '../action-notice.tsx';
import type { ActionResult } from '../action-result.ts';
import { AdminPageHeader } from '../admin-shell.tsx';
import { StatusBadge } from '../format.tsx';
import { ConfirmAction } from '../list-parts.tsx';
import type { LocationOption, ZoneView } from './shipping.server.ts';

interface ShippingScreenProps {
  zones: ZoneView[];
  locationOptions: LocationOption[];
  result: ActionResult | undefined;
}

const METHOD_OPTIONS = [
  { code: 'flat_rate', name: 'Flat rate' },
  { code: 'free_shipping', name: 'Free shipping' },
  { code: 'local_pickup', name: 'Local pickup' },
];

const LOCATIONS_LIST_ID = 'shipping-locations';

/** Zone 0 by what it does; WooCommerce's own name for it is long and says the same. */
const zoneLabel = (view: ZoneView) => (view.zone.id === 0 ? 'Everywhere else' : view.zone.name);

const settingOf = (method: ShippingZoneMethod, key: string) => method.settings[key]?.value ?? '';

/** What a method charges, in words: "$5.95 + $0.50 per item", "Orders of $50.00 or more". */
function methodPrice(method: ShippingZoneMethod): string {
  if (method.method_id === 'free_shipping') {
    const minimum = settingOf(method, 'min_amount');
    return settingOf(method, 'requires') === 'min_amount' && minimum
      ? `Free on orders of ${formatCents(centsOf(minimum))} or more`
      : 'Always free';
  }
  const cost = formatCents(centsOf(settingOf(method, 'cost')));
  const perItem = centsOf(settingOf(method, 'per_item_cost'));
  return perItem > 0 ? `${cost} + ${formatCents(perItem)} per item` : cost;
}

/** The messages of one form, by field: the action keys them `<form>.<field>`. */
function useFormErrors(result: ActionResult | undefined, formKey: string) {
  const errors: Record<string, string | undefined> = {};
  if (result && !result.ok) {
    for (const [key, message] of Object.entries(result.fieldErrors ?? {})) {
      if (key.startsWith(`${formKey}.`)) errors[key.slice(formKey.length + 1)] = message;
    }
  }
  return errors;
}

/** Pending while this very form (intent and target) is being sent. */
function usePending(intent: string, target: string) {
  const navigation = useNavigation();
  const form = navigation.formData;
  return (
    form?.get('intent') === intent &&
    `${form.get('zone_id') ?? ''}:${form.get('instance_id') ?? ''}` === target
  );
}

/** Cost fields for a method kind: a flat rate's cost and cost per item, pickup's cost, free shipping's minimum. */
function MethodFields({
  idPrefix,
  methodId,
  method,
  errors,
}: {
  idPrefix: string;
  methodId: string;
  method?: ShippingZoneMethod;
  errors: Record<string, string | undefined>;
}) {
  const value = (key: string) => (method ? settingOf(method, key) : '');
  if (methodId === 'free_shipping') {
    return (
      <TextField
        id={`${idPrefix}-min-amount`}
        name="min_amount"
        label="Minimum order amount (USD)"
        required={false}
        inputMode="decimal"
        hint="Empty: free on every order."
        defaultValue={value('min_amount')}
        error={errors.min_amount}
      />
    );
  }
  return (
    <>
      <TextField
        id={`${idPrefix}-cost`}
        name="cost"
        label="Cost (USD)"
        inputMode="decimal"
        hint="Per order, such as 6.95."
        defaultValue={value('cost')}
        error={errors.cost}
      />
      {methodId === 'flat_rate' ? (
        <TextField
          id={`${idPrefix}-per-item`}
          name="per_item_cost"
          label="Cost per item (USD)"
          required={false}
          inputMode="decimal"
          defaultValue={value('per_item_cost')}
          error={errors.per_item_cost}
        />
      ) : null}
    </>
  );
}

function MethodRow({
  zoneId,
  method,
  result,
}: {
  zoneId: number;
  method: ShippingZoneMethod;
  result: ActionResult | undefined;
}) {
  const formKey = `method-${method.instance_id}`;
  const errors = useFormErrors(result, formKey);
  const target = `${zoneId}:${method.instance_id}`;
  const saving = usePending('update-method', target);
  const toggling = usePending('toggle-method', target);
  const idPrefix = `method-${method.instance_id}`;
  return (
    <li className="admin-shipping-method" data-testid="shipping-method">
      <div className="admin-shipping-method__summary">
        <div>
          <strong>{method.title}</strong>{' '}
          <StatusBadge
            status={method.enabled ? 'approved' : 'hold'}
            label={method.enabled ? 'Enabled' : 'Disabled'}
          />
          <div className="admin-muted">
            {method.method_title} · {methodPrice(method)}
          </div>
        </div>
        <div className="admin-actions">
          <Form method="post" preventScrollReset>
            <input type="hidden" name="intent" value="toggle-method" />
            <input type="hidden" name="zone_id" value={zoneId} />
            <input type="hidden" name="instance_id" value={method.instance_id} />
            <input type="hidden" name="enabled" value={String(!method.enabled)} />
            <SubmitButton
              variant="secondary"
              pending={toggling}
              pendingLabel="Saving…"
              aria-label={`${method.enabled ? 'Disable' : 'Enable'} ${method.title}`}
            >
              {method.enabled ? 'Disable' : 'Enable'}
            </SubmitButton>
          </Form>
          <ConfirmAction
            confirmKey={`delete-method-${method.instance_id}`}
            label={`Remove ${method.title}`}
            question={`Remove “${method.title}”? Shoppers are no longer offered it; orders already placed keep their shipping.`}
            confirmLabel="Yes, remove it"
          >
            <input type="hidden" name="intent" value="delete-method" />
            <input type="hidden" name="zone_id" value={zoneId} />
            <input type="hidden" name="instance_id" value={method.instance_id} />
          </ConfirmAction>
        </div>
      </div>
      <details className="admin-shipping-edit" open={Object.keys(errors).length > 0}>
        <summary>Edit {method.title}</summary>
        <Form
          method="post"
          preventScrollReset
          className="admin-form admin-shipping-form"
          aria-label={`Edit ${method.title}`}
        >
          <input type="hidden" name="intent" value="update-method" />
          <input type="hidden" name="zone_id" value={zoneId} />
          <input type="hidden" name="instance_id" value={method.instance_id} />
          <input type="hidden" name="method_id" value={method.method_id} />
          <TextField
            id={`${idPrefix}-title`}
            name="title"
            label="Title shoppers see"
            maxLength={100}
            defaultValue={method.title}
            error={errors.title}
          />
          <MethodFields
            idPrefix={idPrefix}
            methodId={method.method_id}
            method={method}
            errors={errors}
          />
          <SelectField
            id={`${idPrefix}-enabled`}
            name="enabled"
            label="Offered at checkout"
            placeholder="No (disabled)"
            required={false}
            options={[{ code: 'true', name: 'Yes (enabled)' }]}
            defaultValue={method.enabled ? 'true' : ''}
          />
          <SubmitButton pending={saving} pendingLabel="Saving…">
            Save {method.title}
          </SubmitButton>
        </Form>
      </details>
    </li>
  );
}

function AddMethodForm({ view, result }: { view: ZoneView; result: ActionResult | undefined }) {
  const zoneId = view.zone.id;
  const formKey = `new-method-${zoneId}`;
  const errors = useFormErrors(result, formKey);
  const pending = usePending('add-method', `${zoneId}:`);
  const idPrefix = `new-method-${zoneId}`;
  return (
    <details className="admin-shipping-edit" open={Object.keys(errors).length > 0}>
      <summary>Add a method to {zoneLabel(view)}</summary>
      {/* Keyed by the count: a method that was added empties the form. */}
      <Form
        key={view.methods.length}
        method="post"
        preventScrollReset
        className="admin-form admin-shipping-form"
        aria-label={`Add a method to ${zoneLabel(view)}`}
      >
        <input type="hidden" name="intent" value="add-method" />
        <input type="hidden" name="zone_id" value={zoneId} />
        <SelectField
          id={`${idPrefix}-kind`}
          name="method_id"
          label="Kind"
          placeholder="Choose the kind"
          options={METHOD_OPTIONS}
          error={errors.method_id}
        />
        <TextField
          id={`${idPrefix}-title`}
          name="title"
          label="Title shoppers see"
          required={false}
          maxLength={100}
          hint="Empty: the kind’s name."
          error={errors.title}
        />
        <TextField
          id={`${idPrefix}-cost`}
          name="cost"
          label="Cost (USD)"
          required={false}
          inputMode="decimal"
          hint="Flat rate and local pickup, per order, such as 6.95."
          error={errors.cost}
        />
        <TextField
          id={`${idPrefix}-per-item`}
          name="per_item_cost"
          label="Cost per item (USD)"
          required={false}
          inputMode="decimal"
          hint="Flat rate only."
          error={errors.per_item_cost}
        />
        <TextField
          id={`${idPrefix}-min-amount`}
          name="min_amount"
          label="Minimum order amount (USD)"
          required={false}
          inputMode="decimal"
          hint="Free shipping only; empty: free on every order."
          error={errors.min_amount}
        />
        <SubmitButton pending={pending} pendingLabel="Adding…">
          Add method
        </SubmitButton>
      </Form>
    </details>
  );
}

function Locations({ view, result }: { view: ZoneView; result: ActionResult | undefined }) {
  const zoneId = view.zone.id;
  const errors = useFormErrors(result, `location-${zoneId}`);
  const postcodeErrors = useFormErrors(result, `postcodes-${zoneId}`);
  const adding = usePending('add-location', `${zoneId}:`);
  const savingPostcodes = usePending('set-postcodes', `${zoneId}:`);
  const regions = view.locations.filter((location) => location.type !== 'postcode');
  const postcodes = view.locations.filter((location) => location.type === 'postcode');
  return (
    <div className="admin-shipping-part">
      <h3 className="admin-shipping-part__title">Locations</h3>
      {regions.length === 0 ? (
        <p className="admin-muted">
          No regions: this zone takes every address that no zone above it takes.
        </p>
      ) : (
        <ul className="admin-chips" data-testid="zone-locations">
          {regions.map((location) => (
            <li key={`${location.type}:${location.code}`} className="admin-chip">
              <span>{location.label}</span>
              <Form method="post" preventScrollReset>
                <input type="hidden" name="intent" value="remove-location" />
                <input type="hidden" name="zone_id" value={zoneId} />
                <input type="hidden" name="location" value={`${location.type}:${location.code}`} />
                <button
                  type="submit"
                  className="admin-chip__remove"
                  aria-label={`Remove ${location.label} from ${view.zone.name}`}
                >
                  ×
                </button>
              </Form>
            </li>
          ))}
        </ul>
      )}
      <Form
        key={regions.length}
        method="post"
        preventScrollReset
        className="admin-shipping-inline"
        aria-label={`Add a location to ${view.zone.name}`}
      >
        <input type="hidden" name="intent" value="add-location" />
        <input type="hidden" name="zone_id" value={zoneId} />
        <TextField
          id={`zone-${zoneId}-location`}
          name="place"
          label="Add a state, country or continent"
          list={LOCATIONS_LIST_ID}
          autoComplete="off"
          hint="Type its name, such as Oregon or Canada, and pick it from the list."
          error={errors.place}
        />
        <SubmitButton variant="secondary" pending={adding} pendingLabel="Adding…">
          Add location
        </SubmitButton>
      </Form>
      <Form
        method="post"
        preventScrollReset
        className="admin-shipping-inline"
        aria-label={`ZIP codes of ${view.zone.name}`}
      >
        <input type="hidden" name="intent" value="set-postcodes" />
        <input type="hidden" name="zone_id" value={zoneId} />
        <TextAreaField
          id={`zone-${zoneId}-postcodes`}
          name="postcodes"
          label="Only these ZIP codes"
          required={false}
          rows={2}
          hint="One a line: 27701, wildcards 277*, ranges 27500...27599. Empty: any ZIP code."
          defaultValue={postcodes.map((location) => location.code).join('\n')}
          error={Object.values(postcodeErrors)[0]}
        />
        <SubmitButton variant="secondary" pending={savingPostcodes} pendingLabel="Saving…">
          Save ZIP codes
        </SubmitButton>
      </Form>
    </div>
  );
}

function ZoneSettings({ view, result }: { view: ZoneView; result: ActionResult | undefined }) {
  const zoneId = view.zone.id;
  const errors = useFormErrors(result, `zone-${zoneId}`);
  const pending = usePending('update-zone', `${zoneId}:`);
  return (
    <details className="admin-shipping-edit" open={Object.keys(errors).length > 0}>
      <summary>Rename or reorder {view.zone.name}</summary>
      <Form
        method="post"
        preventScrollReset
        className="admin-form admin-shipping-form"
        aria-label={`Rename or reorder ${view.zone.name}`}
      >
        <input type="hidden" name="intent" value="update-zone" />
        <input type="hidden" name="zone_id" value={zoneId} />
        <TextField
          id={`zone-${zoneId}-name`}
          name="name"
          label="Zone name"
          maxLength={100}
          defaultValue={view.zone.name}
          error={errors.name}
        />
        <TextField
          id={`zone-${zoneId}-order`}
          name="order"
          label="Order"
          inputMode="numeric"
          hint="Zones are tried lowest first; the first that covers an address is used."
          defaultValue={String(view.zone.order)}
          error={errors.order}
        />
        <SubmitButton pending={pending} pendingLabel="Saving…">
          Save zone
        </SubmitButton>
      </Form>
    </details>
  );
}

function ZoneCard({
  view,
  position,
  result,
}: {
  view: ZoneView;
  position: number | null;
  result: ActionResult | undefined;
}) {
  const { zone } = view;
  const fallback = zone.id === 0;
  const titleId = `zone-${zone.id}-title`;
  return (
    <section
      className="admin-card admin-section admin-shipping-zone"
      aria-labelledby={titleId}
      data-testid="shipping-zone"
    >
      <div className="admin-shipping-zone__header">
        <div>
          <h2 id={titleId} className="admin-card__title">
            {zoneLabel(view)}
          </h2>
          <p className="admin-muted">
            {fallback
              ? 'Addresses no zone above covers get these methods.'
              : `Tried ${position === 1 ? 'first' : `${position}${ordinal(position ?? 0)}`} (order ${zone.order})`}
          </p>
        </div>
        {fallback ? null : (
          <ConfirmAction
            confirmKey={`delete-zone-${zone.id}`}
            label={`Delete ${zone.name}`}
            question={`Delete the zone “${zone.name}” with its methods? Its addresses go to the next zone that covers them.`}
            confirmLabel="Yes, delete the zone"
          >
            <input type="hidden" name="intent" value="delete-zone" />
            <input type="hidden" name="zone_id" value={zone.id} />
          </ConfirmAction>
        )}
      </div>
      {fallback ? null : (
        <>
          <ZoneSettings view={view} result={result} />
          <Locations view={view} result={result} />
        </>
      )}
      <div className="admin-shipping-part">
        <h3 className="admin-shipping-part__title">Methods</h3>
        {view.methods.length === 0 ? (
          <p className="admin-muted" data-testid="zone-no-methods">
            {fallback
              ? 'No methods: the shop does not ship here, and shoppers are told where it does.'
              : 'No methods: shoppers here are told the shop does not ship to them.'}
          </p>
        ) : (
          <ul className="admin-shipping-methods">
            {view.methods.map((method) => (
              <MethodRow
                key={method.instance_id}
                zoneId={zone.id}
                method={method}
                result={result}
              />
            ))}
          </ul>
        )}
        <AddMethodForm view={view} result={result} />
      </div>
    </section>
  );
}

const ordinal = (n: number) =>
  n % 100 >= 11 && n % 100 <= 13 ? 'th' : (['th', 'st', 'nd', 'rd'][n % 10] ?? 'th');

function AddZoneForm({
  result,
  zoneCount,
}: {
  result: ActionResult | undefined;
  zoneCount: number;
}) {
  const errors = useFormErrors(result, 'new-zone');
  const pending = usePending('add-zone', ':');
  return (
    <section className="admin-card admin-section" aria-labelledby="add-zone-title">
      <h2 id="add-zone-title" className="admin-card__title">
        Add a zone
      </h2>
      <Form
        key={zoneCount}
        method="post"
        preventScrollReset
        className="admin-shipping-inline"
        aria-labelledby="add-zone-title"
      >
        <input type="hidden" name="intent" value="add-zone" />
        <TextField
          id="new-zone-name"
          name="name"
          label="Zone name"
          maxLength={100}
          hint="Such as Pacific Northwest. It is tried after the zones above."
          error={errors.name}
        />
        <SubmitButton pending={pending} pendingLabel="Adding…">
          Add zone
        </SubmitButton>
      </Form>
    </section>
  );
}

/** Shipping zones in the order they are tried, each with its locations and methods, and zone 0 last. */
export function ShippingScreen({ zones, locationOptions, result }: ShippingScreenProps) {
  return (
    <>
      <AdminPageHeader
        title="Shipping"
        description="Each address gets the methods of the first zone that covers it. Changes apply to the next quote."
      />
      <ActionNotice result={result} />
      <AddZoneForm result={result} zoneCount={zones.length} />
      {zones.map((view, index) => (
        <ZoneCard
          key={view.zone.id}
          view={view}
          position={view.zone.id === 0 ? null : index + 1}
          result={result}
        />
      ))}
      {/* One list for every zone's location field: the page stays light with ~320 places. */}
      <datalist id={LOCATIONS_LIST_ID}>
        {locationOptions.map((option) => (
          <option key={option.code} value={option.name} />
        ))}
      </datalist>
    </>
  );
}
