import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { checkEdit } from '../../core/order-gates.ts';
import { PLAN_TYPE, type Order } from '../../core/order-types.ts';
import { pairLabel, type SpotSymbol } from '../../core/symbols.ts';
import { pushToast } from '../../state/toasts.ts';
import { amendOrder, type AmendChange } from '../../state/trading.ts';
import { Button } from '../../ui/Button.tsx';
import { Dialog } from '../../ui/Dialog.tsx';
import { NumberInput } from '../../ui/NumberInput.tsx';
import { fieldRules } from '../order-form/field-rules.ts';

interface Props {
  order: Order;
  symbol: SpotSymbol | undefined;
  isUnified: boolean;
  onClose: () => void;
}

const plain = (s: string) => s;

/** Modify price / quantity / trigger of an open order (spec 5.5, 7.4). */
export function ModifyDialog({ order: o, symbol, isUnified, onClose }: Props) {
  const { t } = useTranslation();
  const plan = o.planType !== PLAN_TYPE.none;
  const trailing = o.planType === PLAN_TYPE.trailingStop || o.planType === PLAN_TYPE.trailingProfit;
  const hasPrice = o.type === 'LIMIT' && o.planType !== PLAN_TYPE.oco && !trailing;
  const [price, setPrice] = useState(o.price);
  const [qty, setQty] = useState(o.origQty);
  const [trigger, setTrigger] = useState(o.triggerPrice || o.activationPrice);
  const [busy, setBusy] = useState(false);
  const rules = symbol ? fieldRules(symbol) : { price: { sanitize: plain, settle: plain }, qty: { sanitize: plain, settle: plain } };

  const save = async () => {
    const problem = checkEdit({ trailing, trailingValue: trigger, newQty: qty, executedQty: o.executedQty, isLeverage: o.isLeverage, isUnified });
    if (problem) {
      pushToast({ kind: 'error', key: `orderMsg.${problem.key}`, params: problem.params });
      return;
    }
    const change: AmendChange = {};
    if (hasPrice && price !== o.price) change.price = price;
    if (qty !== o.origQty) change.qty = qty;
    if (plan && trigger !== (o.triggerPrice || o.activationPrice) && o.planType !== PLAN_TYPE.oco) change.triggerPrice = trigger;
    if (Object.keys(change).length === 0) return onClose();
    setBusy(true);
    const ok = await amendOrder(o, change);
    setBusy(false);
    if (ok) onClose();
  };

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
      {plan && o.planType !== PLAN_TYPE.oco ? <NumberInput label={trailing ? t('orderForm.activationPrice') : t('orderForm.triggerPrice')} value={trigger} onChange={setTrigger} {...rules.price} /> : null}
      {hasPrice ? <NumberInput label={t('orderForm.price')} value={price} onChange={setPrice} {...rules.price} /> : null}
      <NumberInput label={t('orderForm.qty')} value={qty} onChange={setQty} {...rules.qty} />
    </Dialog>
  );
}
