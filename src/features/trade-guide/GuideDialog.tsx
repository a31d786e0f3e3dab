import { useState } from 'react';
import { guideFirstStep } from '../../core/trade-guides.ts';
import { useTranslation } from 'react-i18next';
import { Button } from '../../ui/Button.tsx';
import { Dialog } from '../../ui/Dialog.tsx';
import './trade-guide.css';

export interface GuideStep {
  /** Translation key of the step's heading, when it has one. */
  heading?: string;
  /** Translation key of the step's text. */
  body: string;
}

interface Props {
  /** Translation key of the dialog's title. */
  title: string;
  steps: readonly GuideStep[];
  onClose: () => void;
}

/**
 * The one trade-guide dialog (spec 2.8, 4.3): steps with Back / Next / Done and a progress
 * count, closed by its × button, Done, Escape or a click outside. Both guides use it: the
 * header's spot order types and the order form's OCO / trailing-stop guides.
 */
export function GuideDialog({ title, steps, onClose }: Props) {
  const { t } = useTranslation();
  // Spec 9's default steps [1,3]: a guide opens at step 1.
  const [step, setStep] = useState(() => guideFirstStep(steps.length));
  const current = steps[step]!;
  const last = step === steps.length - 1;
  return (
    <Dialog
      title={t(title)}
      onClose={onClose}
      closeLabel={t('header.guide.close')}
      actions={
        <>
          <span className="guide__progress">{t('header.guide.progress', { current: step + 1, total: steps.length })}</span>
          {step > 0 ? <Button onClick={() => setStep(step - 1)}>{t('header.guide.back')}</Button> : null}
          <Button variant="primary" onClick={() => (last ? onClose() : setStep(step + 1))}>
            {last ? t('header.guide.done') : t('header.guide.next')}
          </Button>
        </>
      }
    >
      <section className="guide__step" aria-live="polite" data-step={step + 1}>
        {current.heading ? <h3>{t(current.heading)}</h3> : null}
        <p>{t(current.body)}</p>
      </section>
    </Dialog>
  );
}
