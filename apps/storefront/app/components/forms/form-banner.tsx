import type { ReactNode, Ref } from 'react';

/** A form's message about the whole form: what went wrong, or that it was saved. */
export interface Banner {
  tone: 'error' | 'success';
  message: ReactNode;
}

/** An alert (error) or status (success) that can take focus, so a failed submit lands on it. */
export function FormBanner({
  banner,
  ref,
  className,
  testId,
}: {
  banner: Banner | null;
  ref?: Ref<HTMLDivElement>;
  className?: string;
  testId?: string;
}) {
  if (!banner) return null;
  return (
    <div
      ref={ref}
      tabIndex={-1}
      role={banner.tone === 'error' ? 'alert' : 'status'}
      className={['form-banner', `form-banner--${banner.tone}`, className]
        .filter(Boolean)
        .join(' ')}
      data-testid={testId}
    >
      {banner.message}
    </div>
  );
}
