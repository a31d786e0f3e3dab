import { lazy } from 'react';
import { useTranslation } from 'react-i18next';
import { LazyDialogButton } from '../../ui/LazyDialogButton.tsx';

const DemoRechargeDialog = lazy(() => import('./DemoRechargeDialog.tsx').then((m) => ({ default: m.DemoRechargeDialog })));

/** The demo account's "Add demo funds" (spec 2.18): its dialog loads when first opened. */
export function DemoRechargeButton() {
  const { t } = useTranslation();
  return (
    <LazyDialogButton dialog={DemoRechargeDialog} className="btn btn--link">
      {t('demoRecharge.open')}
    </LazyDialogButton>
  );
}
