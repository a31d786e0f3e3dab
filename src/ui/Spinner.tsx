interface SpinnerProps {
  label: string;
}

/** A progress indicator with an accessible name (role status). */
export function Spinner({ label }: SpinnerProps) {
  return (
    <div className="spinner" role="status" aria-live="polite">
      <span className="spinner__wheel" aria-hidden="true" />
      <span className="spinner__label">{label}</span>
    </div>
  );
}
