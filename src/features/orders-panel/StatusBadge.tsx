import { statusGroup, statusIcon } from '../../core/order-status.ts';
import type { OrderStatus } from '../../core/order-types.ts';

/**
 * Status text with the icon of its group (spec 3). The words come from the table's columns
 * (`orders.status.<status>`, looked up once per language): a badge per row subscribing to i18next
 * was most of what a scrolled-in row cost (issue 37).
 */
export function StatusBadge({ status, label }: { status: OrderStatus; label: string }) {
  const group = statusGroup(status);
  return (
    <span className={`order-status order-status--${group}`} data-status-group={group}>
      <span aria-hidden="true">{statusIcon(status)}</span> {label}
    </span>
  );
}
