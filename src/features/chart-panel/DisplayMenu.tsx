import { lazy, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { AVG_DAY_RANGES, type AvgDays } from '../../core/chart/order-overlays.ts';
import { displayMenuAllowed, displayOptions, setDisplayOptions, type DisplayOptions } from '../../state/chart-overlays.ts';
import { gridBotsShown } from '../../state/grid-bots.ts';
import { useSignals } from '../../state/signals.ts';
import { isLoggedIn } from '../../state/user.ts';
import { dayLabel } from './day-label.ts';
import { DialogPlaceholder } from '../../ui/Dialog.tsx';

const TradeHistoryDialog = lazy(() => import('./TradeHistoryDialog.tsx').then((m) => ({ default: m.TradeHistoryDialog })));

type Flag = 'quickTrade' | 'dealHistory' | 'entrust' | 'avgBuy' | 'avgSell' | 'grid';

interface ButtonProps {
  open: boolean;
  onToggle: () => void;
}

/** The toolbar button of the display-options dropdown; none when compliance hides it. */
export function DisplayButton({ open, onToggle }: ButtonProps) {
  useSignals();
  const { t } = useTranslation();
  if (!displayMenuAllowed.value) return null;
  return (
    <button type="button" className="chart-chip" aria-expanded={open} onClick={onToggle}>
      {t('chart.display')} ▾
    </button>
  );
}

/** The display-options dropdown (spec 2.6, flags of 4.10); the logged-in items only for a logged-in user. */
export function DisplayMenu() {
  useSignals();
  const { t } = useTranslation();
  const [history, setHistory] = useState(false);
  if (!displayMenuAllowed.value) return null;
  const d = displayOptions.value;
  const logged = isLoggedIn.value;
  const check = (flag: Flag, key: string) => (
    <label className="chart-menu__row">
      <input type="checkbox" checked={d[flag]} onChange={(e) => setDisplayOptions({ [flag]: e.target.checked } as Partial<DisplayOptions>)} />
      {t(key)}
    </label>
  );
  const days = (field: 'avgBuyDays' | 'avgSellDays', labelKey: string) => (
    <div className="chart-display__sub" role="radiogroup" aria-label={t(labelKey)}>
      {AVG_DAY_RANGES.map((n: AvgDays) => (
        <button key={n} type="button" role="radio" className="chart-chip" aria-checked={d[field] === n} onClick={() => setDisplayOptions({ [field]: n } as Partial<DisplayOptions>)}>
          {dayLabel(t, n)}
        </button>
      ))}
    </div>
  );
  return (
    <>
      <div className="chart-menu chart-menu--dialog" role="group" aria-label={t('chart.display')}>
        {check('quickTrade', 'chart.showQuickTrade')}
        {logged ? (
          <>
            {check('dealHistory', 'chart.showTradeHistory')}
            {check('entrust', 'chart.showOpenOrders')}
            {check('avgBuy', 'chart.showAvgBuy')}
            {d.avgBuy ? days('avgBuyDays', 'chart.avgBuyRange') : null}
            {check('avgSell', 'chart.showAvgSell')}
            {d.avgSell ? days('avgSellDays', 'chart.avgSellRange') : null}
            {gridBotsShown.value ? check('grid', 'chart.showGridBots') : null}
            <button type="button" className="chart-chip" onClick={() => setHistory(true)}>
              {t('chart.tradeHistory')}
            </button>
          </>
        ) : null}
      </div>
      {history ? (
        <Suspense fallback={<DialogPlaceholder label={t('loading')} />}>
          <TradeHistoryDialog onClose={() => setHistory(false)} />
        </Suspense>
      ) : null}
    </>
  );
}
