import { lazy, Suspense } from 'react';
import { useMediaQuery } from '../features/hooks/useMediaQuery.ts';
import { activeSymbol } from '../state/market/active-market.ts';
import { useSignals } from '../state/signals.ts';
import { PairAssets } from '../features/pair-assets/PairAssets.tsx';

const MarketList = lazy(() => import('../features/market-list/MarketList.tsx').then((m) => ({ default: m.MarketList })));

/** From this width the right-hand column runs the page's full height (styles.css has the same figure). */
export const RIGHT_COLUMN_MIN_WIDTH = 1700;
const noop = () => {};

/**
 * The right-hand column (issue 19 item 7): on a wide screen the market list (favourites and all
 * pairs, searchable, live) above the account's assets in the pair; narrower, it folds to the
 * assets beside the market header, and the market list stays in the header's popover only (it
 * is not rendered, so it costs nothing).
 */
export function RightColumn() {
  useSignals();
  const wide = useMediaQuery(`(min-width: ${RIGHT_COLUMN_MIN_WIDTH}px)`);
  return (
    <div className={wide ? 'right-column right-column--wide' : 'right-column'}>
      {wide ? (
        <div className="right-column__markets">
          <Suspense fallback={null}>
            <MarketList id="right-market-list" variant="panel" currentSymbolId={activeSymbol.value?.symbolId} autoFocusSearch={false} onChoose={noop} />
          </Suspense>
        </div>
      ) : null}
      <div className="right-column__assets">
        <PairAssets />
      </div>
    </div>
  );
}
