import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { TradeGuideDialog } from './TradeGuideDialog.tsx';

/** The header's way into the trade guide; the dialog exists only while it is open. */
export function TradeGuideButton() {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  return (
    <>
      <button type="button" className="market-header__action" aria-haspopup="dialog" onClick={() => setOpen(true)}>
        {t('header.tradeGuide')}
      </button>
      {open ? <TradeGuideDialog onClose={() => setOpen(false)} /> : null}
    </>
  );
}
