import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { showAllPairs } from '../../state/orders.ts';
import { setShowAllPairs } from '../../state/orders-view.ts';
import { useSignals } from '../../state/signals.ts';

/** Show-all-pairs checkbox plus the tab's own actions. */
export function PanelToolbar({ children }: { children: ReactNode }) {
  useSignals();
  const { t } = useTranslation();
  return (
    <div className="orders-panel__tools">
      <label className="orders-panel__all">
        <input type="checkbox" checked={showAllPairs.value} onChange={(e) => setShowAllPairs(e.target.checked)} />
        {t('orders.showAllPairs')}
      </label>
      {children}
    </div>
  );
}
