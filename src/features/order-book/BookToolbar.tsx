import { useTranslation } from 'react-i18next';
import { ORDER_BOOK_MODES, type OrderBookMode } from '../../core/order-book.ts';
import { parseMergeSteps } from '../../core/merge-steps.ts';
import { activeStep, activeSymbol, chooseStep, mergeStepsOf } from '../../state/market/active-market.ts';
import { bookMode, setBookMode, setTotalIn, totalIn } from '../../state/market/book-view.ts';
import { ladderShown, setLadderShown } from '../../state/layout.ts';
import { useSignals } from '../../state/signals.ts';
import { Tooltip } from '../../ui/Tooltip.tsx';

const MODE_KEYS: Record<OrderBookMode, string> = { 1: 'book.modeBoth', 2: 'book.modeBuy', 3: 'book.modeSell', 4: 'book.modeSideBySide' };

/** Mode buttons, the depth-merge selector and the total-column switch (spec 2.10). */
export function BookToolbar({ ladderToggle = false }: { ladderToggle?: boolean }) {
  useSignals();
  const { t } = useTranslation();
  const symbol = activeSymbol.value;
  const listed = symbol ? parseMergeSteps(mergeStepsOf(symbol)) : [];
  // Without an acceptable listed step the selection stays at its default (spec 9): shown, not blank.
  const steps = listed.length === 0 && activeStep.value ? [activeStep.value] : listed;
  return (
    <div className="book-toolbar">
      <div className="book-toolbar__modes" role="group" aria-label={t('book.modes')}>
        {ORDER_BOOK_MODES.map((m) => (
          <Tooltip key={m} text={t(MODE_KEYS[m])}>
            <button type="button" className={`book-mode book-mode--${m}`} aria-pressed={bookMode.value === m} aria-label={t(MODE_KEYS[m])} onClick={() => setBookMode(m)}>
              <span aria-hidden="true" className="book-mode__icon" />
            </button>
          </Tooltip>
        ))}
      </div>
      <label className="book-toolbar__field">
        <span className="visually-hidden">{t('book.mergeStep')}</span>
        <select aria-label={t('book.mergeStep')} value={activeStep.value ?? ''} disabled={listed.length === 0} onChange={(e) => chooseStep(e.target.value)}>
          {steps.map((s) => (
            <option key={s} value={s}>
              {s}
            </option>
          ))}
        </select>
      </label>
      <label className="book-toolbar__field">
        <span className="visually-hidden">{t('book.totalIn')}</span>
        <select aria-label={t('book.totalIn')} value={totalIn.value} onChange={(e) => setTotalIn(e.target.value === 'quote' ? 'quote' : 'base')}>
          <option value="base">{symbol?.baseTokenName ?? t('book.base')}</option>
          <option value="quote">{symbol?.quoteTokenName ?? t('book.quote')}</option>
        </select>
      </label>
      {/* The price ladder beside the book: desktop only (the phone's single column has no room beside the book). */}
      {ladderToggle ? (
        <Tooltip text={t('ladder.toggle')}>
          <button type="button" className="book-ladder-toggle" aria-pressed={ladderShown.value} onClick={() => setLadderShown(!ladderShown.peek())} aria-label={t('ladder.toggle')} data-testid="ladder-toggle">
            <span aria-hidden="true" className="book-ladder-toggle__icon" />
          </button>
        </Tooltip>
      ) : null}
    </div>
  );
}
