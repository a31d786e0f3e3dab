import { useTranslation } from 'react-i18next';
import type { FieldRules } from '../../core/field-rules.ts';
import { withUnit } from '../../core/order-checks.ts';
import { orderKind, type FormExtras, type FormField } from '../../core/order-kinds/index.ts';
import type { DraftField, OrderDraft } from '../../core/order-rules.ts';
import type { SpotSymbol } from '../../core/symbols.ts';
import { Choice } from '../../ui/Choice.tsx';
import { NumberInput } from '../../ui/NumberInput.tsx';
import type { DraftSetter } from './use-order-draft.ts';

interface Props {
  draft: OrderDraft;
  set: DraftSetter;
  symbol: SpotSymbol;
  rules: { price: FieldRules; qty: FieldRules; amount: FieldRules; percent: FieldRules };
  allowTpsl: boolean;
  /** Spec 5.13: the limit order's time in force and post only, the market order's slippage limit. */
  extras?: { timeInForce: boolean; postOnly: boolean; slippage: boolean };
  /** The field the last check failed on, with its message (shown under that field). */
  error?: { field: DraftField; message: string } | null;
}

/** The inputs of the chosen order kind (spec 2 order entry), as its definition lists them (core/order-kinds/). */
export function KindFields({ draft: d, set, symbol, rules, allowTpsl, extras, error }: Props) {
  const { t } = useTranslation();
  const units = { quote: symbol.quoteTokenName, base: symbol.baseTokenName, '%': '%' };
  const offered: FormExtras = { timeInForce: extras?.timeInForce ?? false, postOnly: extras?.postOnly ?? false, slippage: extras?.slippage ?? false, tpsl: allowTpsl };
  const field = (f: FormField) => {
    switch (f.type) {
      case 'input': {
        const { clampedTo, ...r } = rules[f.rules];
        // A value clamped to the field's maximum says so, with the unit (fourth walkthrough: 5,000,000 became 4,000,000 silently).
        const explain = (typed: string, settled: string) => {
          const max = clampedTo(typed, settled);
          return max === null ? null : t('orderMsg.clampedToMax', { max: withUnit(max, units[f.unit]) });
        };
        return (
          <NumberInput
            key={f.key} label={t(f.labelKey)} value={d[f.key]} onChange={(v) => set(f.key, v)} unit={units[f.unit]}
            error={error?.field === f.key ? error.message : undefined} explainSettle={explain} {...r}
          />
        );
      }
      case 'choice':
        return (
          <Choice
            key={f.key} label={t(f.labelKey)} value={d[f.key]} onChange={(v) => set(f.key, v as never)}
            options={f.options.map((o) => [o.value, o.text ?? t(o.labelKey ?? o.value)] as const)}
          />
        );
      case 'check':
        return (
          <label key={f.key} className="order-form__check">
            <input type="checkbox" checked={d[f.key]} onChange={(e) => set(f.key, e.target.checked)} />
            <span>{t(f.labelKey)}</span>
          </label>
        );
      case 'group':
        return (
          <details key={f.labelKey} className="order-form__tpsl">
            <summary>{t(f.labelKey)}</summary>
            {f.fields.map(field)}
          </details>
        );
    }
  };
  return <>{orderKind(d.kind).fields(d, offered).map(field)}</>;
}
