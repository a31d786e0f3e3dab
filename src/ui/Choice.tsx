// A row of chips of which one is chosen (a radio group): the order form's and the modify dialog's
// choices (limit or market, by percent or by distance).
interface ChoiceProps<V extends string> {
  label: string;
  value: V;
  options: ReadonlyArray<readonly [V, string]>;
  onChange: (v: V) => void;
}

/** One choice of a few, as radio-role chips with the order form's look. */
export function Choice<V extends string>({ label, value, options, onChange }: ChoiceProps<V>) {
  return (
    <div className="order-form__choice" role="radiogroup" aria-label={label}>
      {options.map(([v, text]) => (
        <button key={v} type="button" role="radio" aria-checked={v === value} className="order-form__chip" onClick={() => onChange(v)}>
          {text}
        </button>
      ))}
    </div>
  );
}
