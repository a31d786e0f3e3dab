import { memo, useEffect, useRef, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { abbreviate, formatChangePercent, formatPrice, signOf } from '../../core/format.ts';
import { activeSymbol } from '../../state/market/active-market.ts';
import { activeDayChange } from '../../state/market/day-change.ts';
import { zoneOffsetLabel } from '../../core/datetime.ts';
import { useSignals } from '../../state/signals.ts';
import { activeTicker, lastPriceDirection } from '../../state/market/ticker-view.ts';
import { staleData } from '../../state/market/data-age.ts';
import { StaleMarker } from '../order-book/StaleMarker.tsx';
import { MarketSwitcher } from '../market-list/MarketSwitcher.tsx';
import { useThrottledSignal } from '../hooks/useThrottledSignal.ts';
import { TradeGuideButton } from '../trade-guide/TradeGuideButton.tsx';
import { followColorSwap } from './color-swap.ts';
import { HeaderSettings } from './HeaderSettings.tsx';
import { LiquidityShieldLink } from './LiquidityShieldLink.tsx';
import { useFittingStats } from './useFittingStats.ts';
import './market-header.css';

interface Props {
  base: string;
  quote: string;
  /** Shown after the market switcher (the favourite star, once its code is in). */
  star?: ReactNode;
}

// The header re-renders with the ticker (4 times a second); its controls do not depend on it.
const Switcher = memo(MarketSwitcher);
const ShieldLink = memo(LiquidityShieldLink);
const GuideButton = memo(TradeGuideButton);
const Settings = memo(HeaderSettings);

/** The header's figures refresh at most this often (the book's price line is the fast one). */
const HEADER_REFRESH_MS = 250;

/** In the order they give way when the header is short: the last one goes first. */
const STAT_KEYS = ['change24h', 'changeDay', 'high24h', 'low24h', 'turnover24h'] as const;

/**
 * The market header (spec 2.8): symbol thumbnail with the market list, live last price, 24 h
 * change, high, low and turnover (hidden from the end when short), liquidity-shield link,
 * trade guide and settings.
 */
export function SymbolInfo({ base, quote, star }: Props) {
  useSignals();
  const { t, i18n } = useTranslation();
  const ticker = useThrottledSignal(activeTicker, HEADER_REFRESH_MS);
  const dir = useThrottledSignal(lastPriceDirection, HEADER_REFRESH_MS);
  const symbol = activeSymbol.value;
  const precision = symbol?.pricePrecision;
  const change = ticker?.price24hPcnt;
  const changeClass = signOf(change) > 0 ? 'up' : signOf(change) < 0 ? 'down' : 'flat';
  // Spec 6 / 7.1: a logged-in user's change since the start of their day, in their zone (the open
  // price read at login); the 24 h change stays the ticker's.
  const day = activeDayChange.value;
  const dayClass = signOf(day?.ratio) > 0 ? 'up' : signOf(day?.ratio) < 0 ? 'down' : 'flat';
  const keys = day ? STAT_KEYS : STAT_KEYS.filter((k) => k !== 'changeDay');
  const values: Record<(typeof STAT_KEYS)[number], [string, string]> = {
    change24h: [formatChangePercent(change), changeClass],
    changeDay: [formatChangePercent(day?.ratio), dayClass],
    high24h: [formatPrice(ticker?.highPrice24h, precision, true), ''],
    low24h: [formatPrice(ticker?.lowPrice24h, precision, true), ''],
    turnover24h: [abbreviate(ticker?.turnover24h), ''],
  };
  const statsRef = useRef<HTMLDListElement>(null);
  const fitting = useFittingStats(statsRef, keys.length, `${base}/${quote}|${i18n.language}|${ticker ? 1 : 0}|${day ? 1 : 0}`);
  useEffect(() => followColorSwap(document.documentElement), []);

  return (
    <div className="symbol-info market-header" data-stale={staleData.ticker.value}>
      <Switcher base={base} quote={quote} symbolId={symbol?.symbolId} />
      {star}
      <div className="symbol-info__stat symbol-info__last">
        <span className="visually-hidden">{t('lastPrice')}</span>
        <span className={`num num--${dir}`} data-testid="header-last-price">
          {formatPrice(ticker?.lastPrice, precision, true)}
        </span>
      </div>
      <StaleMarker stream="ticker" onlyWithAge inline />
      <dl ref={statsRef} className="symbol-info__stats" data-visible-stats={fitting}>
        {keys.map((key, i) => {
          const [value, cls] = values[key];
          const hidden = i >= fitting;
          return (
            <div key={key} className={hidden ? 'symbol-info__stat is-hidden' : 'symbol-info__stat'} data-stat={key} aria-hidden={hidden || undefined}>
              <dt>{key === 'changeDay' && day ? t('changeDay', { zone: zoneOffsetLabel(day.zone, Date.now()) }) : t(key)}</dt>
              <dd className={cls ? `num num--${cls}` : 'num'}>{value}</dd>
            </div>
          );
        })}
      </dl>
      <div className="market-header__actions">
        <ShieldLink />
        <GuideButton />
        <Settings />
      </div>
    </div>
  );
}
