import { useTranslation } from 'react-i18next';
import { statusGroup } from '../../core/order-status.ts';
import type { OrderStatus } from '../../core/order-types.ts';

const ICONS = { pending: '◷', filled: '✓', canceled: '⊘', failure: '✕' } as const;

/** Status text with the icon of its group (spec 3). */
export function StatusBadge({ status }: { status: OrderStatus }) {
  const { t } = useTranslation();
  const group = statusGroup(status);
  return (
    <span className={`order-status order-status--${group}`} data-status-group={group}>
      <span aria-hidden="true">{ICONS[group]}</span> {t(`orders.status.${status}`)}
    </span>
  );
}
