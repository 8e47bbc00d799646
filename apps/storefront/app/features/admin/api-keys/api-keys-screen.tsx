import type { ApiKey, ApiKeyCreated, ApiKeyPermissions } from '@larder/contract';
import { useEffect, useState } from 'react';
import { Form, useNavigation } from 'react-router';
import { SelectField, TextField } from '../../../components/forms/form-field.tsx';
import { SubmitButton } from '../../../components/forms/submit-button.tsx';
import { ActionNotice } from '../action-notice.tsx';
import { AdminPageHeader } from '../admin-shell.tsx';
import { formatDateTime } from '../format.tsx';
import { AdminTable, ConfirmAction } from '../list-parts.tsx';
import type { ApiKeysActionResult } from './api-keys.server.ts';

interface ApiKeysScreenProps {
  keys: ApiKey[];
  result: ApiKeysActionResult | undefined;
}

const PERMISSION_OPTIONS: { code: ApiKeyPermissions; name: string }[] = [
  { code: 'read', name: 'Read' },
  { code: 'write', name: 'Write' },
  { code: 'read_write', name: 'Read/Write' },
];
const permissionName = (code: string) =>
  PERMISSION_OPTIONS.find((option) => option.code === code)?.name ?? code;

/** A value with a button that copies it: shown once the page runs script (no clipboard without). */
function CopyableValue({ id, label, value }: { id: string; label: string; value: string }) {
  const [canCopy, setCanCopy] = useState(false);
  const [copied, setCopied] = useState(false);
  useEffect(() => setCanCopy(typeof navigator !== 'undefined' && !!navigator.clipboard), []);
  return (
    <div className="admin-api-key-value">
      <span id={`${id}-label`} className="admin-api-key-value__label">
        {label}
      </span>
      <code id={id} className="admin-secret" data-testid={id} aria-labelledby={`${id}-label`}>
        {value}
      </code>
      {canCopy ? (
        <button
          type="button"
          className="button button--secondary"
          aria-describedby={`${id}-label`}
          onClick={() => {
            void navigator.clipboard.writeText(value).then(() => setCopied(true));
          }}
        >
          {copied ? 'Copied' : 'Copy'}
        </button>
      ) : null}
      <span className="visually-hidden" role="status">
        {copied ? `${label} copied` : ''}
      </span>
    </div>
  );
}

/** The new key's two halves, once: the consumer key is only kept hashed and the page never shows them again. */
function CreatedKey({ created }: { created: ApiKeyCreated }) {
  return (
    <section
      className="admin-card admin-section admin-api-key-created"
      aria-labelledby="created-key-title"
      data-testid="created-key"
    >
      <h2 id="created-key-title" className="admin-card__title">
        Your new key
      </h2>
      <p>
        Copy both now and paste them into the tool you are connecting. The secret is not shown
        again; if it is lost, revoke the key and create another.
      </p>
      <CopyableValue id="consumer-key" label="Consumer key" value={created.consumer_key} />
      <CopyableValue id="consumer-secret" label="Consumer secret" value={created.consumer_secret} />
    </section>
  );
}

function CreateKeyForm({ result }: { result: ApiKeysActionResult | undefined }) {
  const navigation = useNavigation();
  const errors = result && !result.ok ? (result.fieldErrors ?? {}) : {};
  return (
    <section
      className="admin-card admin-section admin-api-key-form"
      aria-labelledby="create-key-title"
    >
      <h2 id="create-key-title" className="admin-card__title">
        Create a key
      </h2>
      <Form
        // A new form once a key is made: the next one starts empty.
        key={result?.ok && result.created ? result.created.id : 'new'}
        method="post"
        preventScrollReset
        className="admin-form"
        aria-labelledby="create-key-title"
      >
        <input type="hidden" name="intent" value="create-key" />
        <TextField
          id="key-description"
          name="description"
          label="Description"
          required={false}
          maxLength={200}
          hint="What the key is for, such as Shipping labels or Accounting."
          error={errors.description}
        />
        <SelectField
          id="key-permissions"
          name="permissions"
          label="Permissions"
          placeholder="Choose what the key may do"
          options={PERMISSION_OPTIONS}
          defaultValue="read"
          hint="Read lists and reads orders, products and customers; Write changes them."
          error={errors.permissions}
        />
        <div className="admin-actions">
          <SubmitButton
            pending={
              navigation.state === 'submitting' &&
              navigation.formData?.get('intent') === 'create-key'
            }
            pendingLabel="Creating…"
          >
            Create key
          </SubmitButton>
        </div>
      </Form>
    </section>
  );
}

/**
 * REST API keys for the tools a shop already uses (labels, accounting, email marketing): each acts
 * as the owner who made it, limited to reading, writing or both, as WooCommerce's keys do.
 */
export function ApiKeysScreen({ keys, result }: ApiKeysScreenProps) {
  return (
    <>
      <AdminPageHeader
        title="API keys"
        description="Connect tools built for WooCommerce: give them the shop’s address and a key. A key acts as the owner who created it, limited to what it may do."
      />
      <ActionNotice result={result} />
      {result?.ok && result.created ? <CreatedKey created={result.created} /> : null}
      <AdminTable
        testId="api-keys"
        caption="API keys"
        columns={['Description', 'Owner', 'Permissions', 'Key ends in', 'Last used', 'Actions']}
        empty="No keys yet: no outside tool can reach the shop’s data."
        rows={keys.map((key) => (
          <tr key={key.id} data-testid="api-key-row">
            <td data-label="Description">{key.description || '—'}</td>
            <td data-label="Owner">{key.user_email}</td>
            <td data-label="Permissions">{permissionName(key.permissions)}</td>
            <td data-label="Key ends in">
              <code>…{key.truncated_key}</code>
            </td>
            <td data-label="Last used">
              {key.last_access ? formatDateTime(key.last_access) : 'Never'}
            </td>
            <td data-label="Actions">
              <ConfirmAction
                confirmKey={`revoke-${key.id}`}
                label="Revoke"
                question={`Revoke ${key.description ? `“${key.description}”` : 'this key'} (…${key.truncated_key})? Tools using it stop working at once.`}
                confirmLabel="Revoke key"
              >
                <input type="hidden" name="intent" value="revoke-key" />
                <input type="hidden" name="id" value={key.id} />
              </ConfirmAction>
            </td>
          </tr>
        ))}
      />
      <CreateKeyForm result={result} />
    </>
  );
}
