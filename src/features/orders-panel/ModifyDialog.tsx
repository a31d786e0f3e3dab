import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { checkEdit, trailingAmend, trailingByOf, type TrailingBy } from '../../core/order-gates.ts';
import { kindOfOrder } from '../../core/order-kinds/index.ts';
import type { Order } from '../../core/order-types.ts';
import { pairLabel, type SpotSymbol } from '../../core/symbols.ts';
import { pushToast } from '../../state/toasts.ts';
import { amendOrder, type AmendChange } from '../../state/trading/trading.ts';
import { Button } from '../../ui/Button.tsx';
import { Choice } from '../../ui/Choice.tsx';
import { Dialog } from '../../ui/Dialog.tsx';
import { NumberInput } from '../../ui/NumberInput.tsx';
import { fieldRules } from '../../core/field-rules.ts';

interface Props {
  order: Order;
  symbol: SpotSymbol | undefined;
  isUnified: boolean;
  onClose: () => void;
}

const plain = (s: string) => s;
const PLAIN_RULES = { sanitize: plain, settle: plain };

/**
 * Modify price / quantity / trigger of an open order (spec 5.5, 7.4). A trailing stop's edit takes
 * its trailing value or percentage (and the activation price), and needs only a non-empty value.
 */
export function ModifyDialog({ order: o, symbol, isUnified, onClose }: Props) {
  const { t } = useTranslation();
  // What this kind of order lets an edit change (its definition, core/order-kinds/).
  const edits = kindOfOrder(o).edits(o);
  const trailing = edits.trailing;
  const hasPrice = edits.price;
  const [price, setPrice] = useState(o.price);
  const [qty, setQty] = useState(o.origQty);
  const [trigger, setTrigger] = useState(o.triggerPrice || o.activationPrice);
  const [trailBy, setTrailBy] = useState<TrailingBy>(trailingByOf(o));
  const [trailValue, setTrailValue] = useState(trailingByOf(o) === 'percent' ? o.trailingPercentage : o.trailingValue);
  const [busy, setBusy] = useState(false);
  const rules = symbol ? fieldRules(symbol) : { price: PLAIN_RULES, qty: PLAIN_RULES, percent: PLAIN_RULES };
  const chooseTrailBy = (by: TrailingBy) => {
    setTrailBy(by);
    setTrailValue(by === trailingByOf(o) ? (by === 'percent' ? o.trailingPercentage : o.trailingValue) : '');
  };

  const save = async () => {
    const problem = checkEdit({ trailing, trailingValue: trailValue, newQty: qty, executedQty: o.executedQty, isLeverage: o.isLeverage, isUnified });
    if (problem) {
      pushToast({ kind: 'error', key: `orderMsg.${problem.key}`, params: problem.params });
      return;
    }
    const change: AmendChange = trailing ? trailingAmend(o, { by: trailBy, value: trailValue, activationPrice: trigger }) : {};
    if (hasPrice && price !== o.price) change.price = price;
    if (qty !== o.origQty) change.qty = qty;
    if (edits.trigger === 'trigger' && trigger !== o.triggerPrice) change.triggerPrice = trigger;
    if (Object.keys(change).length === 0) return onClose();
    setBusy(true);
    const ok = await amendOrder(o, change);
    setBusy(false);
    if (ok) onClose();
  };

  const quote = symbol?.quoteTokenName ?? '';
  return (
    <Dialog
      title={t('orders.modifyTitle', { symbol: symbol ? pairLabel(symbol) : o.symbolId })}
      onClose={onClose}
      actions={
        <>
          <Button onClick={onClose}>{t('orderForm.cancel')}</Button>
          <Button variant="primary" disabled={busy} onClick={() => void save()}>
            {t('orders.confirm')}
          </Button>
        </>
      }
    >
      {trailing ? (
        <>
          <Choice label={t('orderForm.trailingBy')} value={trailBy} onChange={chooseTrailBy} options={[['percent', t('orderForm.trailingPercent')], ['value', t('orderForm.trailingDistance')]]} />
          {trailBy === 'percent' ? (
            <NumberInput label={t('orderForm.trailingPercent')} value={trailValue} onChange={setTrailValue} unit="%" {...rules.percent} />
          ) : (
            <NumberInput label={t('orderForm.trailingDistance')} value={trailValue} onChange={setTrailValue} unit={quote} {...rules.price} />
          )}
        </>
      ) : null}
      {edits.trigger ? <NumberInput label={edits.trigger === 'activation' ? t('orderForm.activationPrice') : t('orderForm.triggerPrice')} value={trigger} onChange={setTrigger} {...rules.price} /> : null}
      {hasPrice ? <NumberInput label={t('orderForm.price')} value={price} onChange={setPrice} {...rules.price} /> : null}
      <NumberInput label={t('orderForm.qty')} value={qty} onChange={setQty} {...rules.qty} />
    </Dialog>
  );
}
