import { lazy } from 'react';
import { useTranslation } from 'react-i18next';
import { LazyDialogButton } from '../../ui/LazyDialogButton.tsx';

// The header shows before the order book's first rows: the dialog's code loads when it opens.
const SpotGuide = lazy(() => import('./SpotGuide.tsx').then((m) => ({ default: m.SpotGuide })));

/** The header's way into the trade guide; the dialog exists (and its code loads) only while it is open. */
export function TradeGuideButton() {
  const { t } = useTranslation();
  return (
    <LazyDialogButton dialog={SpotGuide} className="market-header__action">
      {t('header.tradeGuide')}
    </LazyDialogButton>
  );
}
