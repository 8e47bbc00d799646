import type { WholesaleApplicationRecord } from '@larder/contract';
import type { ReactNode } from 'react';
import { Form, Link, useNavigation } from 'react-router';
import { SubmitButton } from '../../../components/forms/submit-button.tsx';
import { ActionNotice } from '../action-notice.tsx';
import type { ActionResult } from '../action-result.ts';
import { AdminPageHeader } from '../admin-shell.tsx';
import { formatDateTime, StatusBadge } from '../format.tsx';
import { ConfirmAction } from '../list-parts.tsx';
import { formatBytes, VOLUME_LABELS } from './wholesale-labels.ts';

function Field({ term, children }: { term: string; children: ReactNode }) {
  return (
    <div className="admin-fields__row">
      <dt>{term}</dt>
      <dd>{children || <span className="admin-muted">Not given</span>}</dd>
    </div>
  );
}

/** One application with every field the applicant sent, the certificate, and the decision. */
export function WholesaleDetailScreen({
  application,
  result,
}: {
  application: WholesaleApplicationRecord;
  result: ActionResult | undefined;
}) {
  const navigation = useNavigation();
  const { address, certificate } = application;
  return (
    <>
      <p>
        <Link to="/admin/wholesale">← All wholesale applications</Link>
      </p>
      <AdminPageHeader
        title={application.business_name}
        description={
          <>
            Wholesale application <StatusBadge status={application.status} />
          </>
        }
      />
      <ActionNotice result={result} />
      {application.status === 'pending' ? (
        <section aria-labelledby="decision-title" className="admin-card admin-section">
          <h2 id="decision-title" className="admin-card__title">
            Decision
          </h2>
          <div className="admin-actions">
            <Form method="post" preventScrollReset>
              <input type="hidden" name="intent" value="approve" />
              <SubmitButton
                pending={
                  navigation.state === 'submitting' &&
                  navigation.formData?.get('intent') === 'approve'
                }
                disabled={navigation.state === 'submitting'}
                pendingLabel="Working…"
              >
                Approve
              </SubmitButton>
            </Form>
            <ConfirmAction
              confirmKey="reject"
              label="Reject…"
              question={`Reject ${application.business_name}? ${application.contact_name} is emailed the reason you give.`}
              confirmLabel="Reject application"
              reason={{
                name: 'reason',
                label: 'Reason for rejecting',
                error: result?.fieldErrors?.reason,
              }}
            >
              <input type="hidden" name="intent" value="reject" />
            </ConfirmAction>
          </div>
        </section>
      ) : null}
      <section aria-labelledby="application-title" className="admin-card admin-section">
        <h2 id="application-title" className="admin-card__title">
          Application
        </h2>
        <dl className="admin-fields" data-testid="application-fields">
          <Field term="Business name">{application.business_name}</Field>
          <Field term="Contact">{application.contact_name}</Field>
          <Field term="Email">
            <a href={`mailto:${application.email}`}>{application.email}</a>
          </Field>
          <Field term="Phone">{application.phone}</Field>
          <Field term="Address">
            {[
              address.company,
              address.address_1,
              address.address_2,
              [address.city, address.state, address.postcode].filter(Boolean).join(', '),
              address.country,
            ]
              .filter(Boolean)
              .map((line) => (
                <span key={line} className="admin-fields__line">
                  {line}
                </span>
              ))}
          </Field>
          <Field term="Tax ID">{application.tax_id}</Field>
          <Field term="Sales channels">{application.sales_channels}</Field>
          <Field term="Monthly volume">{VOLUME_LABELS[application.monthly_volume]}</Field>
          <Field term="Resale certificate">
            {/* The API serves the file to the owner's session cookie; the browser downloads it. */}
            <a href={certificate.href} download={certificate.filename}>
              Download {certificate.filename}
            </a>{' '}
            <span className="admin-muted">({formatBytes(certificate.bytes)})</span>
          </Field>
          <Field term="Customer account">
            {/* Where the owner goes next: an approved account's payment terms are set there. */}
            <Link to={`/admin/customers/${application.customer_id}`}>
              Customer #{application.customer_id}
            </Link>
          </Field>
          <Field term="Received">{formatDateTime(application.date_created_gmt)}</Field>
          {application.date_decided_gmt ? (
            <Field term="Decided">{formatDateTime(application.date_decided_gmt)}</Field>
          ) : null}
          {application.rejection_reason ? (
            <Field term="Reason for rejecting">{application.rejection_reason}</Field>
          ) : null}
        </dl>
      </section>
    </>
  );
}
