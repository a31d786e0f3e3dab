import { lazy, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DialogPlaceholder } from '../../ui/DialogPlaceholder.tsx';

const DemoRechargeDialog = lazy(() => import('./DemoRechargeDialog.tsx').then((m) => ({ default: m.DemoRechargeDialog })));

/** The demo account's "Add demo funds" (spec 2.18): its dialog loads when first opened. */
export function DemoRechargeButton() {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  return (
    <>
      <button type="button" className="btn btn--link" onClick={() => setOpen(true)}>
        {t('demoRecharge.open')}
      </button>
      {open ? (
        <Suspense fallback={<DialogPlaceholder label={t('loading')} />}>
          <DemoRechargeDialog onClose={() => setOpen(false)} />
        </Suspense>
      ) : null}
    </>
  );
}
