import { useTranslation } from 'react-i18next';
import { bookView } from '../../state/active-market.ts';
import { useThrottledSignal } from '../hooks/useThrottledSignal.ts';

/** Mirror refresh: at most twice a second (screen readers and tests read this table). */
const MIRROR_MS = 500;

/** A visually hidden table with what the canvas shows, best prices first on each side. */
export function BookMirror() {
  const { t } = useTranslation();
  const view = useThrottledSignal(bookView, MIRROR_MS);
  const labels = { buy: t('book.buy'), sell: t('book.sell') };
  const sides: Array<['sell' | 'buy', NonNullable<typeof view>['asks']]> = view ? [['sell', view.asks], ['buy', view.bids]] : [];
  return (
    <div className="canvas-mirror">
      <table aria-label={t('region.orderBook')} data-testid="book-mirror" data-update-id={view?.updateId ?? ''}>
        <thead>
          <tr>
            <th scope="col">{t('book.side')}</th>
            <th scope="col">{t('book.price')}</th>
            <th scope="col">{t('book.quantity')}</th>
            <th scope="col">{t('book.total')}</th>
          </tr>
        </thead>
        <tbody>
          {sides.flatMap(([side, rows]) =>
            rows.map((r, i) => (
              <tr key={`${side}-${i}`} data-side={side}>
                <td>{labels[side]}</td>
                <td>{r.price}</td>
                <td>{r.size}</td>
                <td>{r.total}</td>
              </tr>
            )),
          )}
        </tbody>
      </table>
    </div>
  );
}
