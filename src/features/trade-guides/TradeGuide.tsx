import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { GuideName } from '../../api/trade-guide-prefs.ts';
import { useSignals } from '../../state/signals.ts';
import { loadGuideStates, markGuideRead, shouldShowGuide } from '../../state/trading-prefs.ts';
import { Button } from '../../ui/Button.tsx';
import { Dialog } from '../../ui/Dialog.tsx';

/** Steps per guide; their texts are orderGuide.<guide>.step<n>. */
const STEPS = 3;

/** Spec 4.3: the OCO / trailing-stop guide, shown while its state is 'new'. */
export function TradeGuide({ guide }: { guide: GuideName }) {
  useSignals();
  const { t } = useTranslation();
  const [step, setStep] = useState(1);
  useEffect(() => {
    void loadGuideStates();
  }, []);
  if (!shouldShowGuide(guide)) return null;
  const close = () => markGuideRead(guide);
  const last = step === STEPS;
  return (
    <Dialog
      title={t(`guide.${guide}.title`)}
      onClose={close}
      actions={
        <>
          <span className="guide__progress" aria-label={t('guide.progress')}>
            {`${step}/${STEPS}`}
          </span>
          <Button onClick={close}>{t('guide.close')}</Button>
          <Button variant="primary" onClick={() => (last ? close() : setStep(step + 1))}>
            {last ? t('guide.done') : t('guide.next')}
          </Button>
        </>
      }
    >
      <p>{t(`guide.${guide}.step${step}`)}</p>
    </Dialog>
  );
}
