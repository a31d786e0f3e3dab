import { useEffect } from 'react';
import { panelView } from '../../state/orders.ts';
import { useSignals } from '../../state/signals.ts';
import { acquireTradingSession } from '../../state/trading-session.ts';
import { isLoggedIn, user } from '../../state/user.ts';
import { ClassicOrders } from './ClassicOrders.tsx';
import { IntegratedOrders } from './IntegratedOrders.tsx';
import { useRowActions } from './use-row-actions.tsx';
import './orders-panel.css';

/** The 'orders' region: nothing for visitors (they load no orders, spec 6); per account kind otherwise. */
export function OrdersPanel() {
  useSignals();
  useEffect(() => acquireTradingSession(), []);
  // Each kind starts on its open orders.
  const uta = user.value.isUTA;
  useEffect(() => {
    panelView.value = { tab: 'current', group: 'ordinary' };
  }, [uta]);
  const { actions, dialog } = useRowActions();
  if (!isLoggedIn.value) return null;
  return (
    <>
      {uta ? <IntegratedOrders actions={actions} /> : <ClassicOrders actions={actions} />}
      {dialog}
    </>
  );
}
