import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { formatPrice } from '../../core/format.ts';
import { buildTitle } from '../../core/title.ts';
import { activeSymbol } from '../../state/market/active-market.ts';
import { throttledEffect } from '../../state/signals.ts';
import { activeTicker, lastPriceDirection } from '../../state/market/ticker-view.ts';
import { user } from '../../state/account/user.ts';

/** The tab title follows the price at most this often: a title is read at a glance, not per tick. */
const TITLE_INTERVAL_MS = 500;

interface Props {
  base: string;
  quote: string;
}

/**
 * Keeps the tab title in step with the pair, its last price and the account (spec 2.2). A leaf
 * that renders nothing: price ticks update the title through a signal effect, never React.
 */
export function PageTitle({ base, quote }: Props) {
  const { t } = useTranslation();
  const template = t('titleTemplate');
  const demoTitle = t('demoTitle');
  useEffect(() => {
    const write = () => {
      const ticker = activeTicker.peek();
      const symbol = activeSymbol.peek();
      const price = ticker && symbol ? formatPrice(ticker.lastPrice, symbol.pricePrecision, true) : undefined;
      const title = buildTitle({ pair: `${base}/${quote}`, price, direction: lastPriceDirection.peek(), isDemo: user.peek().isDemoAccount }, template, demoTitle);
      if (document.title !== title) document.title = title;
    };
    // Subscribe to what the title shows; write now or at the end of the interval.
    return throttledEffect(
      () => {
        void activeTicker.value;
        void lastPriceDirection.value;
        void user.value;
      },
      write,
      TITLE_INTERVAL_MS,
    );
  }, [base, quote, template, demoTitle]);
  return null;
}
