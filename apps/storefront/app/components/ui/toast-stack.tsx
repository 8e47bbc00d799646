// react-toastify behind notify(): toast.tsx loads this module with the first toast.
import { Slide, ToastContainer, toast, type ToastContentProps } from 'react-toastify/unstyled';
import { TOAST_AUTO_CLOSE_MS, toastIdFor, type NotifyOptions } from './toast.tsx';

/** Visible toasts by content: a repeat bumps the counter instead of stacking a duplicate (spec §2 Toasts). */
const repeats = new Map<string, number>();

interface ToastBodyProps {
  title?: string;
  message: string;
  count: number;
}

function ToastBody({ title, message, count }: ToastBodyProps & Partial<ToastContentProps>) {
  return (
    <div className="toast-body">
      {title ? <p className="toast-body__title">{title}</p> : null}
      <p className="toast-body__message">{message}</p>
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

export function showToast({ title, message, type = 'default', onClick }: NotifyOptions): void {
  const toastId = toastIdFor({ title, message, type });
  const count = (repeats.get(toastId) ?? 0) + 1;
  if (count > 1 && toast.isActive(toastId)) {
    repeats.set(toastId, count);
    // Restart the 5 s timer so the repeated message stays readable.
    toast.update(toastId, {
      render: <ToastBody title={title} message={message} count={count} />,
      autoClose: TOAST_AUTO_CLOSE_MS,
      progress: undefined,
    });
    return;
  }
  repeats.set(toastId, 1);
  toast(<ToastBody title={title} message={message} count={1} />, {
    toastId,
    type,
    onClick,
    onClose: () => repeats.delete(toastId),
  });
}

/** Spec §9: 5000 ms, bottom centre, newest on top, progress bar, close button, tap to dismiss. */
export default function ToastStack() {
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
