import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router-dom';
import { checkRedemption, checkSubscription, type LtCheck } from '../../core/lt-checks.ts';
import { sanitizeNumeric } from '../../core/numeric-input.ts';
import { formatAmountIn } from '../../core/format.ts';
import { assetDecimals } from '../../core/symbols.ts';
import { symbolList } from '../../state/market/markets.ts';
import { balances, freeOf } from '../../state/account/balances.ts';
import { ltPushedOrders, placeLtOrder } from '../../state/trading/lt-orders.ts';
import { useSignals } from '../../state/signals.ts';
import { Button } from '../../ui/Button.tsx';
import { NumberInput } from '../../ui/NumberInput.tsx';
import { TabPanel, Tabs } from '../../ui/Tabs.tsx';
import { navPlaces } from './nav-places.ts';
import { useLtMarket } from './use-lt-market.ts';
import './lever-token.css';

type Mode = 'subscribe' | 'redeem';

/** A limit as the exchange gave it, at its own places, with the locale's grouping ("10,000", issue 33). */
function asGiven(value: string, locale: string): string {
  const dot = value.indexOf('.');
  return formatAmountIn(value, locale, dot < 0 ? 0 : value.length - dot - 1);
}

interface Message {
  key?: string;
  params?: Record<string, string>;
  text?: string;
}

/**
 * Subscription and redemption of a leveraged token on its trading page (spec 5.10, 5.11): the
 * checks run in the spec's order before anything is sent; the exchange answers "in progress" and
 * its pushes complete or fail the order (spec 4.8's toasts come from those pushes).
 */
export function LtTradePanel({ base, quote }: { base: string; quote: string }) {
  useSignals();
  const { t, i18n } = useTranslation();
  const locale = useLocation().pathname.split('/')[1] ?? 'en';
  const { info, state } = useLtMarket(base);
  const [mode, setMode] = useState<Mode>('subscribe');
  const [value, setValue] = useState('');
  const [message, setMessage] = useState<Message | null>(null);
  const [warning, setWarning] = useState<string | null>(null);
  const [sending, setSending] = useState(false);
  const [placedId, setPlacedId] = useState<string | null>(null);
  const available = freeOf(balances.value, mode === 'subscribe' ? quote : base);
  const placed = placedId ? ltPushedOrders.value.find((o) => o.orderId === placedId) : undefined;
  const placedStatus = placedId ? (placed?.status ?? 2) : undefined;

  const switchMode = (m: Mode) => {
    setMode(m);
    setValue('');
    setMessage(null);
    setWarning(null);
  };

  const submit = async () => {
    setMessage(null);
    setWarning(null);
    if (!info || !state) return;
    const rules = { ...state, minPurchase: info.minPurchase, maxPurchase: info.maxPurchase, minRedeem: info.minRedeem, maxRedeem: info.maxRedeem };
    const r: LtCheck = mode === 'subscribe' ? checkSubscription(value, available, rules, quote) : checkRedemption(value, available, rules, base);
    if (!r.ok) {
      setMessage({ key: r.key, params: r.params });
      return;
    }
    if (r.warning) setWarning(r.warning.key);
    setSending(true);
    const placed = await placeLtOrder(mode, base, value);
    setSending(false);
    if (placed.ok) {
      setPlacedId(placed.orderId);
      setValue('');
    } else setMessage('key' in placed ? { key: placed.key } : { text: placed.text });
  };

  const unit = mode === 'subscribe' ? quote : base;
  return (
    <section
      className="lt-panel"
      aria-label={t('lt.panelTitle', { coin: base })}
      data-testid="lt-panel"
      data-st={state?.st}
      data-risk-state={state?.riskState}
    >
      <div className="lt-panel__head">
        <span>
          {/* At the pair's price places (third walkthrough: "1.24943726"). */}
          {t('lt.nav')} <b data-testid="lt-nav">{state ? `${formatAmountIn(state.nav, i18n.language, navPlaces(base, quote))} ${quote}` : '--'}</b>
        </span>
        <Link to={`/${locale}/trade/spot/lt/${base}/${quote}`}>{t('projectInfo')}</Link>
      </div>
      {state ? (
        <div className="order-form__line">
          <span>{t('lt.statusLabel')}</span>
          <span data-testid="lt-panel-status">{t(`lt.st.${state.st}`)}</span>
        </div>
      ) : null}
      <Tabs
        idPrefix="lt-mode"
        label={t('lt.panelTitle', { coin: base })}
        active={mode}
        onChange={switchMode}
        items={[
          { key: 'subscribe', label: t('lt.subscribe') },
          { key: 'redeem', label: t('lt.redeem') },
        ]}
      />
      <TabPanel idPrefix="lt-mode" tabKey={mode} className="lt-panel__body">
        <NumberInput
          label={mode === 'subscribe' ? t('lt.amount') : t('lt.quantity')}
          value={value}
          onChange={setValue}
          // To the places the toast and the records show (third walkthrough: 100.001 USDT went in and
          // was told as 100.00): the quote coin's for an amount, the token's lot for a quantity.
          sanitize={(raw) => sanitizeNumeric(raw, mode === 'subscribe' ? assetDecimals(symbolList.value, quote) : 3)}
          unit={unit}
        />
        <div className="order-form__line">
          <span>{t('lt.available')}</span>
          <span data-testid="lt-available">
            {formatAmountIn(available, i18n.language, assetDecimals(symbolList.value, unit))} {unit}
          </span>
        </div>
        {info ? (
          <div className="order-form__line">
            <span>{t('lt.limits')}</span>
            <span data-testid="lt-limits">
              {mode === 'subscribe'
                ? `${asGiven(info.minPurchase, i18n.language)} – ${asGiven(info.maxPurchase, i18n.language)} ${quote}`
                : `${asGiven(info.minRedeem, i18n.language)} – ${asGiven(info.maxRedeem, i18n.language)} ${base}`}
            </span>
          </div>
        ) : null}
        {message ? (
          <p className="lt-panel__error" role="alert" data-testid="lt-error">
            {message.key ? t(message.key, message.params) : message.text}
          </p>
        ) : null}
        {warning ? (
          <p className="lt-panel__warning" role="status">
            {t(warning)}
          </p>
        ) : null}
        {/* A slow answer (walkthrough 7, B5: 6 s of a greyed button and nothing else) says it is awaited. */}
        {sending ? (
          <p className="lt-panel__status" role="status" data-testid="lt-waiting">
            {t('lt.waiting')}
          </p>
        ) : null}
        {placedStatus === 2 ? (
          <p className="lt-panel__status" role="status" data-testid="lt-status">
            {t('lt.inProgress')}
          </p>
        ) : null}
        <Button variant="primary" className="order-form__submit" busy={sending} disabled={!info || !state} onClick={() => void submit()}>
          {mode === 'subscribe' ? t('lt.subscribe') : t('lt.redeem')}
        </Button>
      </TabPanel>
    </section>
  );
}
