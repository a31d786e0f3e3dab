import { useEffect, useId, useRef, type ReactNode } from 'react';
import { Spinner } from './Spinner.tsx';
import './toast.css';

interface DialogProps {
  title: string;
  onClose: () => void;
  children: ReactNode;
  /** Buttons along the bottom. */
  actions?: ReactNode;
}

/** A modal dialog: labelled by its title, Escape closes it, focus moves in on open and back on close. */
export function Dialog({ title, onClose, children, actions }: DialogProps) {
  const titleId = useId();
  const ref = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const before = document.activeElement as HTMLElement | null;
    ref.current?.querySelector<HTMLElement>('button, input, select, [tabindex]')?.focus();
    return () => before?.focus?.();
  }, []);
  return (
    <div className="dialog-backdrop" onMouseDown={(e) => e.target === e.currentTarget && onClose()}>
      <div
        ref={ref}
        className="dialog"
        role="dialog"
        aria-modal="true"
        aria-labelledby={titleId}
        onKeyDown={(e) => {
          if (e.key === 'Escape') onClose();
        }}
      >
        <h2 id={titleId} className="dialog__title">
          {title}
        </h2>
        {children}
        {actions ? <div className="dialog__actions">{actions}</div> : null}
      </div>
    </div>
  );
}

/** Stands where a dialog opens while the dialog's code loads: the same backdrop, a spinner. */
export function DialogPlaceholder({ label }: { label: string }) {
  return (
    <div className="dialog-backdrop">
      <div className="dialog dialog--loading" aria-busy="true">
        <Spinner label={label} />
      </div>
    </div>
  );
}
