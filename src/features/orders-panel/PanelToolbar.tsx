import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { isTradeOrigin, TRADE_ORIGINS } from '../../core/trade-origin.ts';
import { showAllPairs, tradeOrigin } from '../../state/trading/orders.ts';
import { setShowAllPairs, setTradeOrigin } from '../../state/trading/orders-view.ts';
import { useSignals } from '../../state/signals.ts';
import { gridBotsShown } from '../../state/trading/grid-bots.ts';
import { setGridPanelOpen } from '../../state/trading/tools.ts';

/**
 * Show-all-pairs checkbox, the special-trade-origin filter (spec 3), the tab's own actions and the
 * way to the grid-bot panel (2.14). The two filters show only over the order lists they filter
 * (open orders, order history, trade history): over Positions or Borrowings they changed nothing
 * and said they did (issue 32).
 */
export function PanelToolbar({ children, filters }: { children: ReactNode; filters: boolean }) {
  useSignals();
  const { t } = useTranslation();
  return (
    <div className="orders-panel__tools">
      {filters ? (
        <>
          <label className="orders-panel__all">
            <input type="checkbox" checked={showAllPairs.value} onChange={(e) => setShowAllPairs(e.target.checked)} />
            {t('orders.showAllPairs')}
          </label>
          <select
            className="orders-panel__origin"
            aria-label={t('orders.tradeOrigin.label')}
            value={tradeOrigin.value}
            onChange={(e) => {
              if (isTradeOrigin(e.target.value)) setTradeOrigin(e.target.value);
            }}
          >
            {TRADE_ORIGINS.map((o) => (
              <option key={o} value={o}>
                {t(`orders.tradeOrigin.${o}`)}
              </option>
            ))}
          </select>
        </>
      ) : null}
      {children}
      {gridBotsShown.value ? (
        <button type="button" className="orders-panel__grid" onClick={() => setGridPanelOpen(true)}>
          {t('gridPanel.title')}
        </button>
      ) : null}
    </div>
  );
}
