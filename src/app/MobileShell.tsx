import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { isRtl, type Locale } from '../core/locale.ts';
import { OrderBookPanel } from '../features/order-book/OrderBookPanel.tsx';
import { TradesPanel } from '../features/trades/TradesPanel.tsx';
import { LanguageSwitcher } from '../features/exchange-header/LanguageSwitcher.tsx';
import { SymbolInfo } from '../features/symbol-info/SymbolInfo.tsx';
import { useSignals } from '../state/signals.ts';
import { loadAriaParts } from '../ui/aria-loader.ts';
import { TabPanel, Tabs } from '../ui/Tabs.tsx';
import { ChartSlot } from './ChartSlot.tsx';
import { OrderEntrySlot } from './TradingSlots.tsx';
import { Region } from './Region.tsx';

type MobileTab = 'chart' | 'book' | 'trades';

interface Props {
  locale: Locale;
  base: string;
  quote: string;
}

/** The variant for widths of 500 px or less (spec 2.1): one column, one widget at a time. */
export function MobileShell({ locale, base, quote }: Props) {
  useSignals();
  const { t } = useTranslation();
  const [tab, setTab] = useState<MobileTab>('chart');
  // No book comes first here: the tab strips' react-aria code loads at once (aria-loader.ts).
  useEffect(() => void loadAriaParts(), []);
  return (
    <div className="page page--mobile" data-variant="mobile">
      <header className="mobile-header" role="banner">
        <span className="exchange-header__brand">{t('brand')}</span>
        <LanguageSwitcher locale={locale} />
      </header>
      <Region name="symbol" labelKey="region.symbolInfo">
        <SymbolInfo base={base} quote={quote} />
      </Region>
      <Tabs
        idPrefix="mobile"
        label={t('marketViews')}
        active={tab}
        onChange={setTab}
        items={[
          { key: 'chart', label: t('chartTab') },
          { key: 'book', label: t('orderBookTab') },
          { key: 'trades', label: t('tradesTab') },
        ]}
      />
      <TabPanel idPrefix="mobile" tabKey={tab} className="mobile-panel">
        <Region name={tab} labelKey={tab === 'chart' ? 'region.chart' : tab === 'book' ? 'region.orderBook' : 'region.trades'}>
          {tab === 'book' ? <OrderBookPanel rtl={isRtl(locale)} /> : tab === 'trades' ? <TradesPanel rtl={isRtl(locale)} /> : <ChartSlot afterBook={false} />}
        </Region>
      </TabPanel>
      <Region name="forms" labelKey="region.orderForms">
        <OrderEntrySlot afterBook={false} />
      </Region>
    </div>
  );
}
