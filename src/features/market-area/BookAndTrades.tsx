import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { BOOK_TRADES_SIDE_BY_SIDE_MIN_WIDTH } from '../../core/constants.ts';
import { TabPanel, Tabs } from '../../ui/Tabs.tsx';
import { OrderBookPanel } from '../order-book/OrderBookPanel.tsx';
import { TradesPanel } from '../trades/TradesPanel.tsx';
import { useWindowWidth } from './useWindowWidth.ts';

/** Order book and latest trades: tabs below 2037 px, side by side from 2037 px (spec 2.11). */
export function BookAndTrades({ rtl, ladderToggle = false }: { rtl: boolean; ladderToggle?: boolean }) {
  const { t } = useTranslation();
  const width = useWindowWidth();
  const [tab, setTab] = useState<'book' | 'trades'>('book');
  if (width >= BOOK_TRADES_SIDE_BY_SIDE_MIN_WIDTH) {
    return (
      <div className="book-and-trades book-and-trades--split" data-layout="side-by-side">
        <section aria-label={t('region.orderBook')}>
          <OrderBookPanel rtl={rtl} ladderToggle={ladderToggle} />
        </section>
        <section className="book-and-trades__tape" aria-label={t('region.trades')}>
          <TradesPanel rtl={rtl} />
        </section>
      </div>
    );
  }
  return (
    <div className="book-and-trades" data-layout="tabs">
      <Tabs
        idPrefix="market"
        label={t('marketViews')}
        active={tab}
        onChange={setTab}
        items={[
          { key: 'book', label: t('orderBookTab') },
          { key: 'trades', label: t('tradesTab') },
        ]}
      />
      <TabPanel idPrefix="market" tabKey={tab}>
        {tab === 'book' ? <OrderBookPanel rtl={rtl} ladderToggle={ladderToggle} /> : <TradesPanel rtl={rtl} />}
      </TabPanel>
    </div>
  );
}
