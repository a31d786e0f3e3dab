import type { RefObject } from 'react';
import { useTranslation } from 'react-i18next';
import { AVG_DAY_RANGES, type AvgDays } from '../../core/chart/order-overlays.ts';
import { displayMenuAllowed, displayOptions, setDisplayOptions, type DisplayOptions } from '../../state/chart/chart-overlays.ts';
import { gridBotsShown } from '../../state/trading/grid-bots.ts';
import { useSignals } from '../../state/signals.ts';
import { isLoggedIn } from '../../state/account/user.ts';
import { Popover } from '../../ui/Popover.tsx';
import { dayLabel } from './day-label.ts';

type Flag = 'quickTrade' | 'dealHistory' | 'entrust' | 'avgBuy' | 'avgSell' | 'grid' | 'heatmap';

interface Props {
  triggerRef: RefObject<HTMLElement | null>;
  onClose: () => void;
  /** 'Trade history': the toolbar closes this popover and opens the modal. */
  onTradeHistory: () => void;
}

/** The display-options popover (spec 2.6, flags of 4.10); the logged-in items only for a logged-in user. */
export function DisplayMenu({ triggerRef, onClose, onTradeHistory }: Props) {
  useSignals();
  const { t } = useTranslation();
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
    <Popover triggerRef={triggerRef} label={t('chart.display')} onClose={onClose} className="chart-menu">
      <div className="chart-menu__group" role="group" aria-label={t('chart.display')}>
        {check('quickTrade', 'chart.showQuickTrade')}
        {check('heatmap', 'chart.showHeatmap')}
        {logged ? (
          <>
            {check('dealHistory', 'chart.showTradeHistory')}
            {check('entrust', 'chart.showOpenOrders')}
            {check('avgBuy', 'chart.showAvgBuy')}
            {d.avgBuy ? days('avgBuyDays', 'chart.avgBuyRange') : null}
            {check('avgSell', 'chart.showAvgSell')}
            {d.avgSell ? days('avgSellDays', 'chart.avgSellRange') : null}
            {gridBotsShown.value ? check('grid', 'chart.showGridBots') : null}
            {/* Opens the trade-history list, apart from the switches above (issue 33: a grey
                'Trade history' at the menu's foot read as a stray label). */}
            <button type="button" className="btn btn--secondary chart-menu__action" aria-haspopup="dialog" onClick={onTradeHistory}>
              {t('chart.openTradeHistory')}
            </button>
          </>
        ) : null}
      </div>
    </Popover>
  );
}
