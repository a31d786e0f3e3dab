import './toast.css';

export interface ToastView {
  id: number;
  kind: 'success' | 'error' | 'info';
  title?: string;
  message: string;
}

interface ToastListProps {
  items: readonly ToastView[];
  onDismiss: (id: number) => void;
  dismissLabel: string;
}

/** Stacked toasts; errors are alerts (read at once), the rest polite status messages. Text only. */
export function ToastList({ items, onDismiss, dismissLabel }: ToastListProps) {
  return (
    <div className="toasts" aria-live="polite">
      {items.map((t) => (
        <div key={t.id} className={`toast toast--${t.kind}`} role={t.kind === 'error' ? 'alert' : 'status'} data-testid="toast">
          <div className="toast__body">
            {t.title ? <strong className="toast__title">{t.title}</strong> : null}
            <span className="toast__message">{t.message}</span>
          </div>
          <button type="button" className="toast__close" aria-label={dismissLabel} onClick={() => onDismiss(t.id)}>
            ×
          </button>
        </div>
      ))}
    </div>
  );
}
