import { useEffect, useRef } from 'react';
import { FormBanner } from '../../components/forms/form-banner.tsx';
import type { ActionResult } from './action-result.ts';

/**
 * An action's outcome above the screen's content: success as a status, failure as an alert with the
 * API's message. Focus moves to it when a new outcome arrives, so keyboard and screen reader users
 * land on what happened.
 */
export function ActionNotice({ result }: { result: ActionResult | undefined }) {
  const ref = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (result) ref.current?.focus();
  }, [result]);
  if (!result) return null;
  return (
    <FormBanner
      ref={ref}
      className="admin-notice"
      banner={{ tone: result.ok ? 'success' : 'error', message: result.message }}
      testId="admin-notice"
    />
  );
}
