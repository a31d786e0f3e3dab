import { useTranslation } from 'react-i18next';
import { statusGroup, statusIcon } from '../../core/order-status.ts';
import type { OrderStatus } from '../../core/order-types.ts';

/** Status text with the icon of its group (spec 3). */
export function StatusBadge({ status }: { status: OrderStatus }) {
  const { t } = useTranslation();
  const group = statusGroup(status);
  return (
    <span className={`order-status order-status--${group}`} data-status-group={group}>
      <span aria-hidden="true">{statusIcon(status)}</span> {t(`orders.status.${status}`)}
    </span>
  );
}
