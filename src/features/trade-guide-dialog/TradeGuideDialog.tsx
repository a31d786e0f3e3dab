import { useEffect, useId, useRef, useState, type KeyboardEvent, type SyntheticEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../ui/Button.tsx';
import './trade-guide-dialog.css';

/** One step per spot order type; keys under header.guide. */
const STEPS = [
  { title: 'header.guide.limitTitle', body: 'header.guide.limitBody' },
  { title: 'header.guide.marketTitle', body: 'header.guide.marketBody' },
  { title: 'header.guide.conditionalTitle', body: 'header.guide.conditionalBody' },
] as const;

const FOCUSABLE = 'button:not([disabled]), [href], input:not([disabled]), select:not([disabled]), textarea:not([disabled]), [tabindex]:not([tabindex="-1"])';

interface Props {
  onClose: () => void;
}

/**
 * The trade guide (spec 2.8, 4.3): a modal explaining the spot order types step by step.
 * A native modal <dialog> makes the page behind it inert; Tab is still wrapped by hand because
 * browsers let it escape to their own toolbar, and focus goes back to whatever opened it.
 */
export function TradeGuideDialog({ onClose }: Props) {
  const { t } = useTranslation();
  const titleId = useId();
  const ref = useRef<HTMLDialogElement>(null);
  const [step, setStep] = useState(0);

  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    const opener = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    if (!dialog.open) dialog.showModal();
    return () => {
      if (dialog.open) dialog.close();
      opener?.focus();
    };
  }, []);

  // Escape fires 'cancel'; the parent owns whether the dialog exists, so it is asked to close.
  const onCancel = (e: SyntheticEvent) => {
    e.preventDefault();
    onClose();
  };
  const trapTab = (e: KeyboardEvent<HTMLDialogElement>) => {
    if (e.key !== 'Tab') return;
    const items = Array.from(e.currentTarget.querySelectorAll<HTMLElement>(FOCUSABLE));
    if (items.length === 0) return;
    const first = items[0]!;
    const last = items[items.length - 1]!;
    const inside = e.currentTarget.contains(document.activeElement);
    if (e.shiftKey && (document.activeElement === first || !inside)) {
      e.preventDefault();
      last.focus();
    } else if (!e.shiftKey && (document.activeElement === last || !inside)) {
      e.preventDefault();
      first.focus();
    }
  };

  const current = STEPS[step]!;
  const lastStep = step === STEPS.length - 1;
  return (
    <dialog ref={ref} className="trade-guide" aria-labelledby={titleId} onCancel={onCancel} onKeyDown={trapTab}>
      <div className="trade-guide__head">
        <h2 id={titleId} className="trade-guide__title">
          {t('header.guide.title')}
        </h2>
        <button type="button" className="trade-guide__close" aria-label={t('header.guide.close')} onClick={onClose}>
          <span aria-hidden="true">×</span>
        </button>
      </div>
      <section className="trade-guide__step" aria-live="polite" data-step={step + 1}>
        <h3>{t(current.title)}</h3>
        <p>{t(current.body)}</p>
      </section>
      <div className="trade-guide__foot">
        <span className="trade-guide__progress">{t('header.guide.progress', { current: step + 1, total: STEPS.length })}</span>
        <div className="trade-guide__actions">
          {step > 0 ? <Button onClick={() => setStep(step - 1)}>{t('header.guide.back')}</Button> : null}
          <Button variant="primary" onClick={() => (lastStep ? onClose() : setStep(step + 1))}>
            {lastStep ? t('header.guide.done') : t('header.guide.next')}
          </Button>
        </div>
      </div>
    </dialog>
  );
}
