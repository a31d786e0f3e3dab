import { forwardRef } from 'react';
import { useTranslation } from 'react-i18next';
import { displayMenuAllowed } from '../../state/chart/chart-overlays.ts';
import { useSignals } from '../../state/signals.ts';

interface Props {
  open: boolean;
  onToggle: () => void;
}

/** The toolbar button of the display-options popover; none when compliance hides it. */
export const DisplayButton = forwardRef<HTMLButtonElement, Props>(function DisplayButton({ open, onToggle }, ref) {
  useSignals();
  const { t } = useTranslation();
  if (!displayMenuAllowed.value) return null;
  return (
    <button ref={ref} type="button" className="chart-chip" aria-expanded={open} aria-haspopup="dialog" onClick={onToggle}>
      {t('chart.display')} ▾
    </button>
  );
});
