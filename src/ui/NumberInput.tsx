import { useId, useState } from 'react';
import './toast.css';

interface NumberInputProps {
  label: string;
  value: string;
  onChange: (value: string) => void;
  /** Applied on every keystroke (e.g. digits and one point, truncated). */
  sanitize: (raw: string) => string;
  /** Applied when the field is left (e.g. snap to the tick and clamp). */
  settle?: (value: string) => string;
  unit?: string;
  placeholder?: string;
  disabled?: boolean;
  /** A message about this field: marks it invalid and shows the message under it. */
  error?: string;
  /**
   * What to say when leaving the field changed what was typed (a value clamped to the maximum),
   * shown under it until the next edit; null says nothing. A field never changes an amount silently.
   */
  explainSettle?: (typed: string, settled: string) => string | null;
}

/** A labelled decimal field: text input (so no float parsing), numeric keyboard on phones. */
export function NumberInput({ label, value, onChange, sanitize, settle, unit, placeholder, disabled, error, explainSettle }: NumberInputProps) {
  const id = useId();
  const [note, setNote] = useState<string | null>(null);
  const field = (
    <div className={`number-input${error ? ' number-input--invalid' : ''}`}>
      <label className="number-input__label" htmlFor={id}>
        {label}
      </label>
      <input
        id={id}
        type="text"
        inputMode="decimal"
        autoComplete="off"
        spellCheck={false}
        value={value}
        placeholder={placeholder}
        disabled={disabled}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${id}-error` : undefined}
        onChange={(e) => {
          setNote(null);
          onChange(sanitize(e.target.value));
        }}
        onBlur={() => {
          if (settle) {
            const settled = settle(value);
            if (settled !== value) {
              setNote(explainSettle?.(value, settled) ?? null);
              onChange(settled);
            }
          }
        }}
      />
      {unit ? <span className="number-input__unit">{unit}</span> : null}
    </div>
  );
  // Always in its group, so a message appearing under it while typing never remounts the input (focus stays).
  return (
    <div className="number-input__group">
      {field}
      {error ? (
        <p id={`${id}-error`} className="number-input__error">
          {error}
        </p>
      ) : null}
      {note ? (
        <p className="number-input__note" role="status">
          {note}
        </p>
      ) : null}
    </div>
  );
}
