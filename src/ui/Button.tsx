import type { ButtonHTMLAttributes } from 'react';

type Variant = 'primary' | 'secondary' | 'buy' | 'sell' | 'link';

interface ButtonProps extends ButtonHTMLAttributes<HTMLButtonElement> {
  variant?: Variant;
}

export function Button({ variant = 'secondary', className, type = 'button', ...rest }: ButtonProps) {
  return <button type={type} className={`btn btn--${variant} ${className ?? ''}`} {...rest} />;
}
