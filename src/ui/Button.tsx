import type { ButtonHTMLAttributes } from 'react';

type Variant = 'primary' | 'secondary' | 'buy' | 'sell' | 'link';

interface ButtonProps extends ButtonHTMLAttributes<HTMLButtonElement> {
  variant?: Variant;
  /**
   * A request it sent is running: presses do nothing, but the button stays focusable (aria-disabled,
   * not disabled). A confirm dialog it opened gives focus back to it as it closes (react-aria's focus
   * restore); a disabled button cannot take it, focus fell to the page's body, and Escape no longer
   * reached the phone's order sheet around it (issue 33).
   */
  busy?: boolean;
}

export function Button({ variant = 'secondary', className, type = 'button', busy = false, onClick, ...rest }: ButtonProps) {
  return (
    <button
      type={type}
      className={`btn btn--${variant} ${className ?? ''}`}
      {...rest}
      {...(busy ? { 'aria-busy': true, 'aria-disabled': true } : {})}
      onClick={busy ? (e) => e.preventDefault() : onClick}
    />
  );
}
