// react-toastify behind notify(): toast.tsx loads this module with the first toast.
import { useEffect } from 'react';
import { Link } from 'react-router';
import { Slide, ToastContainer, toast, type ToastContentProps } from 'react-toastify/unstyled';
import type { NotifyOptions } from './toast.tsx';

/** Spec §9: the configured app setting is 5000 ms at bottom centre. */
const TOAST_AUTO_CLOSE_MS = 5000;

// In this lazy module rather than beside notify(): only a shown toast needs its id.
const toastIdFor = ({ title, message, type = 'default' }: NotifyOptions) =>
  `toast:${type}:${title ?? ''}:${message}`;

/** Visible toasts by content: a repeat bumps the counter instead of stacking a duplicate (spec §2 Toasts). */
const repeats = new Map<string, number>();

interface ToastBodyProps extends Pick<NotifyOptions, 'title' | 'message' | 'action'> {
  count: number;
}

function ToastBody({ title, message, action, count }: ToastBodyProps & Partial<ToastContentProps>) {
  return (
    <div className="toast-body">
      {title ? <p className="toast-body__title">{title}</p> : null}
      <p className="toast-body__message">{message}</p>
      {action ? (
        <Link to={action.to} className="toast-body__action">
          {action.label}
        </Link>
      ) : null}
      {count > 1 ? (
        <>
          <span className="toast-body__count" data-testid="toast-count" aria-hidden="true">
            ×{count}
          </span>
          <span className="visually-hidden">(shown {count} times)</span>
        </>
      ) : null}
    </div>
  );
}

export function showToast({
  title,
  message,
  type = 'default',
  onClick,
  action,
}: NotifyOptions): void {
  const toastId = toastIdFor({ title, message, type });
  const count = (repeats.get(toastId) ?? 0) + 1;
  if (count > 1 && toast.isActive(toastId)) {
    repeats.set(toastId, count);
    // Restart the 5 s timer so the repeated message stays readable.
    toast.update(toastId, {
      render: <ToastBody title={title} message={message} action={action} count={count} />,
      autoClose: TOAST_AUTO_CLOSE_MS,
      progress: undefined,
    });
    return;
  }
  repeats.set(toastId, 1);
  toast(<ToastBody title={title} message={message} action={action} count={1} />, {
    toastId,
    type,
    // Tapping the toast runs onClick, else follows its action link (which navigates by itself).
    onClick: (event) => {
      if (event.target instanceof Element && event.target.closest('a')) return;
      if (onClick) onClick();
      else event.currentTarget.querySelector('a')?.click();
    },
    onClose: () => repeats.delete(toastId),
  });
}

/** Spec §9: a toast the pointer or keyboard focus held stays this long after it leaves. */
const TOAST_EXTENDED_TIMEOUT_MS = 1000;

const toastAt = (target: EventTarget | null) =>
  target instanceof Element ? target.closest<HTMLElement>('.Toastify__toast') : null;

// Hovering pauses a toast (pauseOnHover); keyboard focus on it or its close button does the same.
function holdToast(event: FocusEvent) {
  const held = toastAt(event.target);
  if (held) toast.pause({ id: held.id });
}

function releaseToast(event: FocusEvent | MouseEvent) {
  const left = toastAt(event.target);
  if (!left || toastAt(event.relatedTarget) === left || !toast.isActive(left.id)) return;
  // Still held by the other one: focus inside it, or the pointer over it.
  if (event.type === 'mouseout' ? left.contains(document.activeElement) : left.matches(':hover'))
    return;
  // A new timer run (the progress bar is the library's clock) of the extended timeout.
  toast.update(left.id, { autoClose: TOAST_EXTENDED_TIMEOUT_MS });
  toast.play({ id: left.id });
}

/** Spec §9: 5000 ms (1000 ms more after a hover or focus), bottom centre, newest on top, progress bar, close button, tap to dismiss. */
export default function ToastStack() {
  useEffect(() => {
    document.addEventListener('focusin', holdToast);
    document.addEventListener('focusout', releaseToast);
    document.addEventListener('mouseout', releaseToast);
    return () => {
      document.removeEventListener('focusin', holdToast);
      document.removeEventListener('focusout', releaseToast);
      document.removeEventListener('mouseout', releaseToast);
    };
  }, []);
  return (
    <ToastContainer
      position="bottom-center"
      autoClose={TOAST_AUTO_CLOSE_MS}
      newestOnTop
      hideProgressBar={false}
      closeOnClick
      closeButton
      pauseOnFocusLoss
      pauseOnHover
      draggable
      transition={Slide}
      theme="light"
    />
  );
}
