import type { ButtonHTMLAttributes } from 'react';
import { Link, type LinkProps } from 'react-router';

export type ButtonVariant = 'primary' | 'secondary' | 'ghost' | 'paypal';

interface ButtonStyle {
  variant?: ButtonVariant | undefined;
  size?: 'md' | 'lg' | undefined;
  className?: string | undefined;
}

const buttonClassName = (
  variant: ButtonVariant = 'primary',
  size?: ButtonStyle['size'],
  className?: string,
) =>
  ['button', `button--${variant}`, size === 'lg' && 'button--lg', className]
    .filter(Boolean)
    .join(' ');

export function Button({
  variant,
  size,
  className,
  type = 'button',
  ...rest
}: ButtonHTMLAttributes<HTMLButtonElement> & ButtonStyle) {
  return <button type={type} className={buttonClassName(variant, size, className)} {...rest} />;
}

/** A link that looks like a button (internal navigation). */
export function ButtonLink({ variant, size, className, ...rest }: LinkProps & ButtonStyle) {
  return <Link className={buttonClassName(variant, size, className)} {...rest} />;
}
