import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { closeOtcGuide, completeOtcGuide } from '../../state/account/otc-guide.ts';
import { Button } from '../../ui/Button.tsx';
import { Dialog } from '../../ui/Dialog.tsx';

interface Props {
  /** The convert page the guide leads to once its end is recorded. */
  convertHref: string;
}

/** Spec 2.17: the first-time OTC guide, for an account the exchange says has not had it (7.5). */
export function OtcGuide({ convertHref }: Props) {
  const { t } = useTranslation();
  const [busy, setBusy] = useState(false);
  const [failed, setFailed] = useState(false);
  const onContinue = () => {
    setBusy(true);
    setFailed(false);
    completeOtcGuide().then(
      () => window.location.assign(convertHref),
      () => {
        setBusy(false);
        setFailed(true);
      },
    );
  };
  return (
    <Dialog
      title={t('otcGuide.title')}
      onClose={closeOtcGuide}
      actions={
        <>
          <Button onClick={closeOtcGuide}>{t('otcGuide.later')}</Button>
          <Button variant="primary" disabled={busy} onClick={onContinue}>
            {t('otcGuide.continue')}
          </Button>
        </>
      }
    >
      <p>{t('otcGuide.what')}</p>
      <p>{t('otcGuide.how')}</p>
      {failed ? <p role="alert">{t('otcGuide.failed')}</p> : null}
    </Dialog>
  );
}
