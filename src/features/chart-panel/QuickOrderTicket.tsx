import type { RefObject } from 'react';
import { useTranslation } from 'react-i18next';
import { sanitizeNumeric } from '../../core/numeric-input.ts';
import type { Side } from '../../core/order-types.ts';
import type { SpotSymbol } from '../../core/symbols.ts';
import { Button } from '../../ui/Button.tsx';
import { NumberInput } from '../../ui/NumberInput.tsx';
import { Popover } from '../../ui/Popover.tsx';

/** Typed quantities keep more places than the lot so a non-multiple reaches the 5.7 check. */
const QTY_INPUT_DECIMALS = 8;

export interface Ticket {
  price: string;
  side: Side;
  y: number;
}

interface Props {
  anchorRef: RefObject<HTMLElement | null>;
  ticket: Ticket;
  symbol: SpotSymbol;
  qty: string;
  onQty: (qty: string) => void;
  onSubmit: () => void;
  onClose: () => void;
}

/** The quick limit-order ticket (spec 2.7, 5.6): a popover at the pressed price, sell above the market, else buy. */
export function QuickOrderTicket({ anchorRef, ticket, symbol, qty, onQty, onSubmit, onClose }: Props) {
  const { t } = useTranslation();
  const sell = ticket.side === 'Sell';
  const title = t(sell ? 'chart.quickSellTitle' : 'chart.quickBuyTitle', { price: ticket.price });
  return (
    <Popover triggerRef={anchorRef} label={title} onClose={onClose} placement="left" className="chart-quick__panel">
      <h3>{title}</h3>
      <NumberInput label={t('chart.quickQty')} value={qty} onChange={onQty} sanitize={(raw) => sanitizeNumeric(raw, QTY_INPUT_DECIMALS)} unit={symbol.baseTokenName} />
      <div className="chart-menu__actions">
        <Button onClick={onClose}>{t('chart.cancel')}</Button>
        <Button variant={sell ? 'sell' : 'buy'} onClick={onSubmit}>
          {t(sell ? 'chart.quickSell' : 'chart.quickBuy', { base: symbol.baseTokenName })}
        </Button>
      </div>
    </Popover>
  );
}
