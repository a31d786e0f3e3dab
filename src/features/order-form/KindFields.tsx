import { useTranslation } from 'react-i18next';
import type { DraftField, OrderDraft } from '../../core/order-rules.ts';
import type { SpotSymbol } from '../../core/symbols.ts';
import { Choice } from '../../ui/Choice.tsx';
import { NumberInput } from '../../ui/NumberInput.tsx';
import type { FieldRules } from '../../core/field-rules.ts';
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

/** The inputs of the chosen order kind (spec 2 order entry). */
export function KindFields({ draft: d, set, symbol, rules, allowTpsl, extras, error }: Props) {
  const { t } = useTranslation();
  const errorOf = (field: DraftField) => (error?.field === field ? error.message : undefined);
  const base = symbol.baseTokenName;
  const quote = symbol.quoteTokenName;
  const price = (key: 'price' | 'triggerPrice' | 'tpTrigger' | 'tpPrice' | 'slTrigger' | 'slPrice' | 'activationPrice' | 'takeProfit' | 'stopLoss', label: string) => (
    <NumberInput label={label} value={d[key]} onChange={(v) => set(key, v)} unit={quote} error={key === 'takeProfit' || key === 'stopLoss' ? undefined : errorOf(key)} {...rules.price} />
  );
  const qty = <NumberInput label={t('orderForm.qty')} value={d.qty} onChange={(v) => set('qty', v)} unit={base} error={errorOf('qty')} {...rules.qty} />;
  const legType = (key: 'tpType' | 'slType', label: string) => (
    <Choice label={label} value={d[key]} onChange={(v) => set(key, v)} options={[['limit', t('orderForm.limitExec')], ['market', t('orderForm.marketExec')]]} />
  );

  switch (d.kind) {
    case 'limit':
      return (
        <>
          {price('price', t('orderForm.price'))}
          {qty}
          {extras?.timeInForce && !d.postOnly ? (
            <Choice label={t('orderForm.timeInForce')} value={d.timeInForce} onChange={(v) => set('timeInForce', v)} options={[['GTC', 'GTC'], ['IOC', 'IOC'], ['FOK', 'FOK']]} />
          ) : null}
          {extras?.postOnly ? (
            <label className="order-form__check">
              <input type="checkbox" checked={d.postOnly} onChange={(e) => set('postOnly', e.target.checked)} />
              <span>{t('orderForm.postOnly')}</span>
            </label>
          ) : null}
          {allowTpsl ? (
            <details className="order-form__tpsl">
              <summary>{t('orderForm.tpslOnEntry')}</summary>
              {price('takeProfit', t('orderForm.takeProfit'))}
              {price('stopLoss', t('orderForm.stopLoss'))}
            </details>
          ) : null}
        </>
      );
    case 'market':
      return (
        <>
          <Choice label={t('orderForm.marketBy')} value={d.marketBy} onChange={(v) => set('marketBy', v)} options={[['qty', t('orderForm.byQty')], ['amount', t('orderForm.byAmount')]]} />
          {d.marketBy === 'qty' ? qty : <NumberInput label={t('orderForm.amount')} value={d.amount} onChange={(v) => set('amount', v)} unit={quote} error={errorOf('amount')} {...rules.amount} />}
          {extras?.slippage ? (
            <NumberInput label={t('orderForm.slippage')} value={d.slippage} onChange={(v) => set('slippage', v)} unit="%" error={errorOf('slippage')} {...rules.percent} />
          ) : null}
        </>
      );
    case 'conditional':
      return (
        <>
          {price('triggerPrice', t('orderForm.triggerPrice'))}
          <Choice label={t('orderForm.execType')} value={d.execType} onChange={(v) => set('execType', v)} options={[['limit', t('orderForm.limitExec')], ['market', t('orderForm.marketExec')]]} />
          {d.execType === 'limit' ? price('price', t('orderForm.price')) : null}
          {qty}
        </>
      );
    case 'stopLimit':
      return (
        <>
          {price('triggerPrice', t('orderForm.triggerPrice'))}
          {price('price', t('orderForm.price'))}
          {qty}
        </>
      );
    case 'oco':
      return (
        <>
          {price('tpTrigger', t('orderForm.tpTrigger'))}
          {legType('tpType', t('orderForm.tpType'))}
          {d.tpType === 'limit' ? price('tpPrice', t('orderForm.tpPrice')) : null}
          {price('slTrigger', t('orderForm.slTrigger'))}
          {legType('slType', t('orderForm.slType'))}
          {d.slType === 'limit' ? price('slPrice', t('orderForm.slPrice')) : null}
          {qty}
        </>
      );
    case 'trailing':
      return (
        <>
          <Choice label={t('orderForm.trailingBy')} value={d.trailingBy} onChange={(v) => set('trailingBy', v)} options={[['percent', t('orderForm.trailingPercent')], ['value', t('orderForm.trailingDistance')]]} />
          {d.trailingBy === 'percent' ? (
            <NumberInput label={t('orderForm.trailingPercent')} value={d.trailingValue} onChange={(v) => set('trailingValue', v)} unit="%" error={errorOf('trailingValue')} {...rules.percent} />
          ) : (
            <NumberInput label={t('orderForm.trailingDistance')} value={d.trailingValue} onChange={(v) => set('trailingValue', v)} unit={quote} error={errorOf('trailingValue')} {...rules.price} />
          )}
          {price('activationPrice', t('orderForm.activationPrice'))}
          {qty}
        </>
      );
  }
}
