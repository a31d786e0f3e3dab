import { useTranslation } from 'react-i18next';
import { priceChangeRatio, type OrderLineKind } from '../../core/chart/order-overlays.ts';
import { formatChangeIn } from '../../core/format.ts';
import type { Order } from '../../core/order-types.ts';

interface Props {
  order: Order;
  kind: OrderLineKind;
  price: string;
}

/** Old → new of a chart edit: the price (or trigger) that changes, by how much in %, and the quantity that stays. */
export function ModifySummary({ order, kind, price }: Props) {
  const { t, i18n } = useTranslation();
  const old = kind === 'trigger' ? order.triggerPrice || order.activationPrice : order.price;
  return (
    <dl className="chart-modify" data-testid="chart-modify-summary">
      <dt>{t(kind === 'trigger' ? 'chart.lineTrigger' : 'orders.col.price')}</dt>
      <dd>
        <span data-testid="modify-old">{old}</span> → <span data-testid="modify-new">{price}</span>
      </dd>
      <dt>{t('chart.modifyChange')}</dt>
      <dd data-testid="modify-change">{formatChangeIn(priceChangeRatio(old, price), i18n.language, 2, 2)}</dd>
      <dt>{t('orders.col.qty')}</dt>
      <dd>
        {order.origQty} → {order.origQty}
      </dd>
    </dl>
  );
}
