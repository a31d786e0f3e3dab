import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { holdBlockingDialog } from '../../state/blocking-dialogs.ts';
import { Button } from '../../ui/Button.tsx';
import { Dialog } from '../../ui/Dialog.tsx';

interface Props {
  /** Token (SUI, MNT, BIT), zone (innovation, adventure) or leveragedToken. */
  id: string;
  onAccept: () => void;
  onClose: () => void;
}

/** Spec 5.4: a disclaimer accepted once per token or zone before the first order. */
export function RiskDisclaimer({ id, onAccept, onClose }: Props) {
  const { t } = useTranslation();
  // Spec 5.13: main dialogs wait while a risk disclaimer shows.
  useEffect(() => holdBlockingDialog(id === 'innovation' || id === 'adventure' || id === 'leveragedToken' ? 'risk' : 'disclaimer'), [id]);
  const subject = id === 'innovation' || id === 'adventure' || id === 'leveragedToken' ? t(`orderForm.disclaimer.${id}`) : id;
  return (
    <Dialog
      title={t('orderForm.disclaimer.title')}
      onClose={onClose}
      actions={
        <>
          <Button onClick={onClose}>{t('orderForm.cancel')}</Button>
          <Button variant="primary" onClick={onAccept}>
            {t('orderForm.disclaimer.accept')}
          </Button>
        </>
      }
    >
      <p>{t('orderForm.disclaimer.body', { subject })}</p>
    </Dialog>
  );
}
