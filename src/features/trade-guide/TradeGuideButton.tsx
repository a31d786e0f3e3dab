import { lazy, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DialogPlaceholder } from '../../ui/DialogPlaceholder.tsx';

// The header shows before the order book's first rows: the dialog's code loads when it opens.
const SpotGuide = lazy(() => import('./SpotGuide.tsx').then((m) => ({ default: m.SpotGuide })));

/**
 * The header's way into the trade guide; the dialog exists (and its code loads) only while it is open.
 * Not a LazyDialogButton: that shared module would become a chunk of its own in the first load.
 */
export function TradeGuideButton() {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  return (
    <>
      <button type="button" className="market-header__action" aria-haspopup="dialog" onClick={() => setOpen(true)}>
        {t('header.tradeGuide')}
      </button>
      {open ? (
        <Suspense fallback={<DialogPlaceholder label={t('loading')} />}>
          <SpotGuide onClose={() => setOpen(false)} />
        </Suspense>
      ) : null}
    </>
  );
}
