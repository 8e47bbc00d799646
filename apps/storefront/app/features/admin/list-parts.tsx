import { useEffect, useRef, type ReactNode } from 'react';
import { Form, Link, useLocation, useNavigation } from 'react-router';
import { TextAreaField } from '../../components/forms/form-field.tsx';
import { SubmitButton } from '../../components/forms/submit-button.tsx';
import { hrefWith } from './list-query.ts';

/**
 * A back-office list: the caption names it for screen readers, each cell carries its column's
 * name (`data-label`) for the card layout on phones, and an empty list says why in one row.
 */
export function AdminTable({
  testId,
  caption,
  columns,
  empty,
  rows,
}: {
  testId: string;
  caption: string;
  columns: readonly string[];
  empty: string;
  rows: ReactNode[];
}) {
  return (
    <div className="admin-table-wrap">
      <table className="admin-table admin-table--cards" data-testid={testId}>
        <caption>{caption}</caption>
        <thead>
          <tr>
            {columns.map((column) => (
              <th key={column} scope="col">
                {column}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {rows.length === 0 ? (
            <tr>
              <td colSpan={columns.length} className="admin-empty">
                {empty}
              </td>
            </tr>
          ) : (
            rows
          )}
        </tbody>
      </table>
    </div>
  );
}

/** Links between a list's statuses, the current one marked for assistive technology. */
export function StatusTabs({
  label,
  param = 'status',
  current,
  options,
}: {
  label: string;
  param?: string;
  current: string;
  options: ReadonlyArray<{ value: string; label: string }>;
}) {
  const location = useLocation();
  return (
    <nav aria-label={label}>
      <ul className="admin-tabs">
        {options.map((option) => (
          <li key={option.value}>
            <Link
              to={hrefWith(location, {
                [param]: option.value,
                page: undefined,
                confirm: undefined,
              })}
              aria-current={option.value === current ? 'page' : undefined}
            >
              {option.label}
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}

/** Previous and next links of a paged list, with where the owner is. */
export function Pagination({
  page,
  totalPages,
  total,
}: {
  page: number;
  totalPages: number;
  total: number;
}) {
  const location = useLocation();
  if (totalPages <= 1) return <p className="admin-muted admin-pagination">{total} in all</p>;
  return (
    <nav aria-label="Pages" className="admin-pagination">
      {page > 1 ? (
        <Link to={hrefWith(location, { page: String(page - 1), confirm: undefined })}>
          Previous page
        </Link>
      ) : (
        <span />
      )}
      <span className="admin-muted">
        Page {page} of {totalPages} · {total} in all
      </span>
      {page < totalPages ? (
        <Link to={hrefWith(location, { page: String(page + 1), confirm: undefined })}>
          Next page
        </Link>
      ) : (
        <span />
      )}
    </nav>
  );
}

/**
 * A destructive action in two steps that work without JavaScript: the first button is a link that
 * opens this question (`?confirm=<key>`), the second posts. Focus moves to the question. With a
 * `reason`, the question asks for one and posts to its own address, so a missing reason is asked
 * for again in place.
 */
export function ConfirmAction({
  confirmKey,
  label,
  linkLabel,
  question,
  confirmLabel,
  reason,
  children,
}: {
  confirmKey: string;
  label: string;
  /** The opening link's accessible name, when its label alone does not say what it acts on. */
  linkLabel?: string;
  question: ReactNode;
  confirmLabel: string;
  reason?: { name: string; label: string; error: string | undefined };
  /** The hidden fields the post carries (intent, id, …). */
  children: ReactNode;
}) {
  const location = useLocation();
  const navigation = useNavigation();
  const asking = new URLSearchParams(location.search).get('confirm') === confirmKey;
  const ref = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (asking) ref.current?.focus();
  }, [asking]);
  if (!asking) {
    return (
      <Link
        to={hrefWith(location, { confirm: confirmKey })}
        preventScrollReset
        className="button button--secondary"
        aria-label={linkLabel}
      >
        {label}
      </Link>
    );
  }
  const titleId = `confirm-${confirmKey}`;
  const buttons = (
    <>
      <SubmitButton pending={navigation.state === 'submitting'} pendingLabel="Working…">
        {confirmLabel}
      </SubmitButton>
      <Link
        to={hrefWith(location, { confirm: undefined })}
        preventScrollReset
        className="button button--ghost"
      >
        Keep it
      </Link>
    </>
  );
  return (
    <div ref={ref} tabIndex={-1} role="group" aria-labelledby={titleId} className="admin-confirm">
      <p id={titleId} className="admin-confirm__question">
        {question}
      </p>
      {reason ? (
        <Form method="post" preventScrollReset>
          {children}
          <TextAreaField
            id={`${confirmKey}-reason`}
            name={reason.name}
            label={reason.label}
            maxLength={1000}
            required
            error={reason.error}
          />
          <div className="admin-actions">{buttons}</div>
        </Form>
      ) : (
        <Form
          method="post"
          action={hrefWith(location, { confirm: undefined })}
          preventScrollReset
          className="admin-actions"
        >
          {children}
          {buttons}
        </Form>
      )}
    </div>
  );
}

/** A one-click action posted to the route's action. */
export function ActionButton({
  intent,
  id,
  label,
  labelSuffix,
  extra,
}: {
  intent: string;
  id: number;
  label: string;
  /** Read after the label by screen readers only ("Resend" + " “Subject” to …") in a list of rows. */
  labelSuffix?: string;
  extra?: Record<string, string>;
}) {
  const navigation = useNavigation();
  const sending = navigation.state === 'submitting';
  // Only the button that was pressed says so; the others wait, disabled, until it is done.
  const pressed =
    sending &&
    navigation.formData?.get('intent') === intent &&
    navigation.formData.get('id') === String(id) &&
    Object.entries(extra ?? {}).every(([name, value]) => navigation.formData?.get(name) === value);
  return (
    <Form method="post" preventScrollReset>
      <input type="hidden" name="intent" value={intent} />
      <input type="hidden" name="id" value={id} />
      {Object.entries(extra ?? {}).map(([name, value]) => (
        <input key={name} type="hidden" name={name} value={value} />
      ))}
      <SubmitButton
        variant="secondary"
        pending={pressed}
        disabled={sending}
        pendingLabel="Working…"
      >
        {label}
        {labelSuffix ? <span className="visually-hidden">{labelSuffix}</span> : null}
      </SubmitButton>
    </Form>
  );
}
