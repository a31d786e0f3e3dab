import { useTranslation } from 'react-i18next';
import { formatGrouped, groupThousands } from '../../core/format.ts';
import { fx, fxPercent, fxText } from '../../core/decimal.ts';
import { maxOrderQty, qtyForPercent, type OrderDraft } from '../../core/order-rules.ts';
import { assetDecimals, type SpotSymbol } from '../../core/symbols.ts';
import { symbolList } from '../../state/market/markets.ts';
import type { DraftSetter } from './use-order-draft.ts';

interface Props {
  draft: OrderDraft;
  set: DraftSetter;
  symbol: SpotSymbol;
  /** What may be spent: quote for a buy, base for a sell (spec 5.2 already applied). */
  available: string;
  /** The price a buy's quantity is computed at. */
  calcPrice: string;
  /** Leverage is on: `available` is the borrowing power (own funds and what may be borrowed), and says so. */
  withBorrowing?: boolean;
}

const MARKS = [0, 25, 50, 75, 100];

/** Available balance, max buy/sell, and the percentage slider that fills the quantity (or amount). */
export function BalanceSlider({ draft: d, set, symbol, available, calcPrice, withBorrowing = false }: Props) {
  const { t } = useTranslation();
  const buy = d.side === 'Buy';
  const byAmount = d.kind === 'market' && d.marketBy === 'amount';
  const availToken = buy ? symbol.quoteTokenName : symbol.baseTokenName;
  const max = maxOrderQty(d.side, available, calcPrice, symbol.lotSize);
  const pctOf = (): number => {
    const a = fx(available);
    const cur = fx(byAmount ? d.amount : d.qty);
    const m = fx(byAmount ? available : max);
    if (!a || a <= 0n || cur === null || !m || m <= 0n) return 0;
    return Math.min(100, Number((cur * 100n) / m));
  };
  const onSlide = (pct: number) => {
    if (byAmount) {
      const a = fx(available);
      set('amount', a === null || pct <= 0 ? '' : fxText(fxPercent(a, BigInt(pct) * 10n ** 18n), symbol.amountPrecision));
    } else set('qty', qtyForPercent(d.side, available, pct, calcPrice, symbol.lotSize));
  };
  return (
    <div className="order-form__balance">
      <div className="order-form__line">
        <span>{withBorrowing ? t('orderForm.availableWithBorrowing') : t('orderForm.available')}</span>
        <span data-testid="available-balance">
          {formatGrouped(available, assetDecimals(symbolList.value, availToken))} {availToken}
        </span>
      </div>
      <input
        type="range"
        min={0}
        max={100}
        step={1}
        list="order-form-marks"
        aria-label={t('orderForm.percentSlider')}
        value={pctOf()}
        onChange={(e) => onSlide(Number(e.target.value))}
      />
      <datalist id="order-form-marks">
        {MARKS.map((m) => (
          <option key={m} value={m} />
        ))}
      </datalist>
      <div className="order-form__line">
        <span>{buy ? t('orderForm.maxBuy') : t('orderForm.maxSell')}</span>
        <span data-testid="max-qty">
          {max === '' ? '--' : groupThousands(max)} {symbol.baseTokenName}
        </span>
      </div>
    </div>
  );
}
