import { useId } from 'react';
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
}

/** A labelled decimal field: text input (so no float parsing), numeric keyboard on phones. */
export function NumberInput({ label, value, onChange, sanitize, settle, unit, placeholder, disabled, error }: NumberInputProps) {
  const id = useId();
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
        onChange={(e) => onChange(sanitize(e.target.value))}
        onBlur={() => {
          if (settle) {
            const settled = settle(value);
            if (settled !== value) onChange(settled);
          }
        }}
      />
      {unit ? <span className="number-input__unit">{unit}</span> : null}
    </div>
  );
  if (!error) return field;
  return (
    <div className="number-input__group">
      {field}
      <p id={`${id}-error`} className="number-input__error">
        {error}
      </p>
    </div>
  );
}
