import { lazy, Suspense, useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { complianceConfig, complianceSettled, loadCompliance } from '../../state/market/compliance.ts';
import { showOrdersView } from '../../state/trading/orders-view.ts';
import { useSignals } from '../../state/signals.ts';
import { acquireTradingSession } from '../../state/trading/trading-session.ts';
import { isLoggedIn, user } from '../../state/account/user.ts';
import { LoginPrompt } from '../login-prompt/LoginPrompt.tsx';
import { gridPanelOpen } from '../../state/trading/tools.ts';
import { gridBotsShown } from '../../state/trading/grid-bots.ts';
import { Spinner } from '../../ui/Spinner.tsx';
import { FullScreenFillNotice } from './FullScreenFillNotice.tsx';
import { useRowActions } from './use-row-actions.tsx';
import './orders-panel.css';

// Visitors see no orders panel: its code loads only for traders.
const ClassicOrders = lazy(() => import('./ClassicOrders.tsx').then((m) => ({ default: m.ClassicOrders })));
const IntegratedOrders = lazy(() => import('./IntegratedOrders.tsx').then((m) => ({ default: m.IntegratedOrders })));
// The grid-bot orders panel (spec 2.14) takes the standard panel's place while open.
const GridBotPanel = lazy(() => import('../grid-bots/GridBotPanel.tsx').then((m) => ({ default: m.GridBotPanel })));

/** Where compliance sends people instead of the orders panel (spec 2.12). */
export const MY_ORDERS_PATH = '/user/assets/order/fed/spot-current-orders/active';

/** The compliance variant: a short notice and a 'my orders' link in place of the panel. */
function ComplianceNotice() {
  const { t } = useTranslation();
  return (
    <div className="orders-compliance" role="note" data-testid="orders-compliance">
      <p>{t('orders.complianceNotice')}</p>
      <a href={MY_ORDERS_PATH}>{t('orders.myOrders')}</a>
    </div>
  );
}

/** The 'orders' region: for visitors a prompt to log in (they load no orders, spec 6); per account kind otherwise. */
export function OrdersPanel() {
  useSignals();
  const { t } = useTranslation();
  useEffect(() => acquireTradingSession(), []);
  // The shell asks for it with the second wave; asked here too, the panel never waits on nobody.
  useEffect(() => void loadCompliance(), []);
  // Each kind starts on its open orders.
  const uta = user.value.isUTA;
  useEffect(() => {
    showOrdersView('current', 'ordinary');
  }, [uta]);
  const { actions, dialog } = useRowActions();
  if (!isLoggedIn.value) return <LoginPrompt message="loginToSeeOrders" />;
  // Compliance may replace the whole panel: nothing of it shows before its answer.
  if (!complianceSettled.value) {
    return (
      <div className="panel-placeholder">
        <Spinner label={t('loading')} />
      </div>
    );
  }
  if (!complianceConfig.value.ordersPanel) {
    return (
      <>
        <ComplianceNotice />
        <FullScreenFillNotice />
      </>
    );
  }
  return (
    <>
      <FullScreenFillNotice />
      <Suspense
        fallback={
          <div className="panel-placeholder">
            <Spinner label={t('loading')} />
          </div>
        }
      >
        {gridPanelOpen.value && gridBotsShown.value ? <GridBotPanel /> : uta ? <IntegratedOrders actions={actions} /> : <ClassicOrders actions={actions} />}
      </Suspense>
      {dialog}
    </>
  );
}
