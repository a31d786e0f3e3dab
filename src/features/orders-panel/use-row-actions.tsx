import { useState, type ReactElement } from 'react';
import type { Order } from '../../core/order-types.ts';
import { symbolsState } from '../../state/markets.ts';
import { cancelOrder } from '../../state/trading.ts';
import { user } from '../../state/user.ts';
import { ModifyDialog } from './ModifyDialog.tsx';

export interface RowActions {
  onCancel: (o: Order) => void;
  onModify: (o: Order) => void;
}

/** Cancel and modify for order rows, and the modify dialog they open. */
export function useRowActions(): { actions: RowActions; dialog: ReactElement | null } {
  const [editing, setEditing] = useState<Order | null>(null);
  const actions: RowActions = {
    onCancel: (o) => void cancelOrder(o),
    onModify: (o) => setEditing(o),
  };
  const all = symbolsState.value;
  const symbol = editing && all.status === 'ready' ? all.value.find((s) => s.symbolId === editing.symbolId) : undefined;
  const dialog = editing ? <ModifyDialog order={editing} symbol={symbol} isUnified={user.value.isUTA} onClose={() => setEditing(null)} /> : null;
  return { actions, dialog };
}
