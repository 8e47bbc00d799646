import { ReviewCreateSchema, type ProductReview, type ReviewCreate } from '@larder/contract';
import { useRef, useState, type FormEvent } from 'react';
import { Dialog } from '../../components/ui/dialog.tsx';
import { notify } from '../../components/ui/toast.tsx';
import { browserApiFetch, createShopApi } from '../../lib/api/index.ts';
import { FormField } from '../../components/forms/form-field.tsx';
import { fieldErrorsFromApi, formErrorMessage } from '../../components/forms/form-errors.ts';
import { StarRatingInput } from './star-rating-input.tsx';
import { useSchemaForm } from '../../components/forms/use-schema-form.ts';
import { useCustomer } from '../account/use-customer.ts';
import './reviews.css';

const FIELDS = ['reviewer', 'reviewer_email', 'review', 'rating'] as const;
type ReviewField = (typeof FIELDS)[number];

export const REVIEW_ADDED_MESSAGE = 'Your review has been added';
export const REVIEW_HELD_MESSAGE = `${REVIEW_ADDED_MESSAGE}. It will appear on this page once we have approved it.`;

/** Name and email, prefilled from the signed-in customer (spec §2). */
export interface ReviewerDefaults {
  reviewer: string;
  reviewer_email: string;
}

export interface AddReviewDialogProps {
  open: boolean;
  onClose: () => void;
  product: { id: number; name: string };
  defaults?: ReviewerDefaults;
  onPosted?: (review: ProductReview) => void;
}

/** Spec §2 'Add review' dialog. */
export function AddReviewDialog({
  open,
  onClose,
  product,
  defaults,
  onPosted,
}: AddReviewDialogProps) {
  const customer = useCustomer();
  // Spec §2: first name plus last name, and email, of the signed-in customer; the API posts a
  // customer's review under their account whatever is sent, so they are shown, not asked for.
  const account = customer
    ? {
        reviewer: `${customer.first_name} ${customer.last_name}`.trim() || 'Customer',
        reviewer_email: customer.email,
      }
    : undefined;
  return (
    <Dialog
      open={open}
      onClose={onClose}
      title="Add review"
      className="review-dialog"
      testId="add-review-dialog"
    >
      {(requestClose) => (
        <ReviewForm
          product={product}
          defaults={account ?? defaults}
          fromAccount={account !== undefined}
          onPosted={(review) => {
            requestClose();
            onPosted?.(review);
          }}
        />
      )}
    </Dialog>
  );
}

function ReviewForm({
  product,
  defaults,
  fromAccount,
  onPosted,
}: Pick<AddReviewDialogProps, 'product' | 'defaults'> & {
  /** Name and email are the signed-in customer's: shown, not fields. */
  fromAccount: boolean;
  onPosted: (review: ProductReview) => void;
}) {
  const formRef = useRef<HTMLFormElement>(null);
  const [pending, setPending] = useState(false);
  const [banner, setBanner] = useState<string | null>(null);
  const form = useSchemaForm<ReviewField, ReviewCreate>({
    schema: ReviewCreateSchema,
    initialValues: {
      reviewer: defaults?.reviewer ?? '',
      reviewer_email: defaults?.reviewer_email ?? '',
      review: '',
      rating: '',
    },
    toInput: (values) => ({
      ...values,
      product_id: product.id,
      rating: Number(values.rating) || 0,
    }),
  });

  const focusField = (name: ReviewField | undefined) => {
    if (!name) return;
    // The checked star, else the first: the radio group's tab stop.
    const target =
      name === 'rating' ? 'input[name="rating"]:checked, input[name="rating"]' : `[name="${name}"]`;
    formRef.current?.querySelector<HTMLElement>(target)?.focus();
  };

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const review = form.submit();
    if (!review || pending) return;
    setPending(true);
    setBanner(null);
    try {
      const created = await createShopApi(browserApiFetch).createProductReview(review);
      // Spec §8: a toast, and the dialog closes. Held reviews wait for moderation: say so.
      notify({
        type: 'success',
        message: created.status === 'approved' ? REVIEW_ADDED_MESSAGE : REVIEW_HELD_MESSAGE,
      });
      onPosted(created);
    } catch (error) {
      const fieldErrors = fieldErrorsFromApi(error, FIELDS);
      form.setServerErrors(fieldErrors);
      setBanner(formErrorMessage(error));
      setPending(false);
      focusField(FIELDS.find((name) => fieldErrors[name] !== undefined));
    }
  };

  const ratingError = form.errorFor('rating');
  const submitHintId = `${form.fieldId('review')}-submit-hint`;
  return (
    <form
      ref={formRef}
      className="feedback-form review-form"
      noValidate
      onSubmit={onSubmit}
      aria-busy={pending || undefined}
    >
      <p className="review-form__product">
        Reviewing <strong>{product.name}</strong>
      </p>
      {banner ? (
        <p className="form-banner form-banner--error" role="alert">
          {banner}
        </p>
      ) : null}
      <StarRatingInput
        value={Number(form.values.rating) || 0}
        onChange={(rating) => form.setValue('rating', String(rating))}
        error={ratingError}
        errorId={form.errorId('rating')}
      />
      {fromAccount ? (
        <p className="review-form__author">
          Posting as <strong>{form.values.reviewer}</strong> ({form.values.reviewer_email}, never
          shown with your review).
        </p>
      ) : (
        <>
          <FormField
            label="Name"
            field={form.field('reviewer')}
            error={form.errorFor('reviewer')}
            errorId={form.errorId('reviewer')}
            autoComplete="name"
            maxLength={100}
          />
          <FormField
            label="Email"
            type="email"
            field={form.field('reviewer_email')}
            error={form.errorFor('reviewer_email')}
            errorId={form.errorId('reviewer_email')}
            autoComplete="email"
            hint="Never shown with your review."
          />
        </>
      )}
      <FormField
        label="Your review"
        multiline
        field={form.field('review')}
        error={form.errorFor('review')}
        errorId={form.errorId('review')}
        maxLength={5000}
      />
      <div className="feedback-form__actions">
        <button
          type="submit"
          className="button button--primary"
          disabled={!form.isValid || pending}
          aria-describedby={form.isValid ? undefined : submitHintId}
        >
          {pending ? 'Submitting…' : 'Submit Review'}
        </button>
        {form.isValid ? null : (
          <p id={submitHintId} className="form-field__hint">
            Fill in every field and choose a star rating to submit.
          </p>
        )}
      </div>
    </form>
  );
}
