import { lazy, Suspense, useMemo, useState, type ReactElement } from 'react';
import { useTranslation } from 'react-i18next';
import type { Order } from '../../core/order-types.ts';
import { symbolsState } from '../../state/market/markets.ts';
import { cancelOrder } from '../../state/trading/trading.ts';
import { user } from '../../state/account/user.ts';
import { DialogPlaceholder } from '../../ui/DialogPlaceholder.tsx';

// The modify dialog loads when an order is first modified.
const ModifyDialog = lazy(() => import('./ModifyDialog.tsx').then((m) => ({ default: m.ModifyDialog })));

export interface RowActions {
  onCancel: (o: Order) => void;
  onModify: (o: Order) => void;
}

/** Cancel and modify for order rows, and the modify dialog they open. */
export function useRowActions(): { actions: RowActions; dialog: ReactElement | null } {
  const { t } = useTranslation();
  const [editing, setEditing] = useState<Order | null>(null);
  // One object for the panel's life: the order table keeps its columns (and drawn rows) across renders.
  const actions = useMemo<RowActions>(() => ({ onCancel: (o) => void cancelOrder(o), onModify: (o) => setEditing(o) }), []);
  const all = symbolsState.value;
  const symbol = editing && all.status === 'ready' ? all.value.find((s) => s.symbolId === editing.symbolId) : undefined;
  const dialog = editing ? (
    <Suspense fallback={<DialogPlaceholder label={t('loading')} />}>
      <ModifyDialog order={editing} symbol={symbol} isUnified={user.value.isUTA} onClose={() => setEditing(null)} />
    </Suspense>
  ) : null;
  return { actions, dialog };
}
