import type { ButtonHTMLAttributes } from 'react';
import { Link, type LinkProps } from 'react-router';

export type ButtonVariant = 'primary' | 'secondary' | 'ghost';

function classes(variant: ButtonVariant, size: 'md' | 'lg', extra?: string) {
  return ['button', `button--${variant}`, size === 'lg' ? 'button--lg' : '', extra]
    .filter(Boolean)
    .join(' ');
}

export function Button({
  variant = 'primary',
  size = 'md',
  className,
  type = 'button',
  ...rest
}: ButtonHTMLAttributes<HTMLButtonElement> & { variant?: ButtonVariant; size?: 'md' | 'lg' }) {
  return <button type={type} className={classes(variant, size, className)} {...rest} />;
}

/** A link that looks like a button (internal navigation). */
export function ButtonLink({
  variant = 'primary',
  size = 'md',
  className,
  ...rest
}: LinkProps & { variant?: ButtonVariant; size?: 'md' | 'lg' }) {
  return <Link className={classes(variant, size, className)} {...rest} />;
}

export function buttonClassName(
  variant: ButtonVariant = 'primary',
  size: 'md' | 'lg' = 'md',
  extra?: string,
) {
  return classes(variant, size, extra);
}
