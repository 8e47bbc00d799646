import type { ComponentProps } from 'react';
import { Button } from '../ui/button.tsx';

interface SubmitButtonProps extends Omit<ComponentProps<typeof Button>, 'type'> {
  pending: boolean;
  /** What the button says while the form is being sent ("Saving…"). */
  pendingLabel: string;
}

/** Every form's submit button: disabled, and saying so, while the form is being sent. */
export function SubmitButton({
  pending,
  pendingLabel,
  disabled,
  children,
  ...rest
}: SubmitButtonProps) {
  return (
    <Button type="submit" disabled={pending || disabled} {...rest}>
      {pending ? pendingLabel : children}
    </Button>
  );
}
