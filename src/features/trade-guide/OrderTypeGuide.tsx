import { useEffect } from 'react';
import type { GuideName } from '../../api/trade-guide-prefs.ts';
import { useSignals } from '../../state/signals.ts';
import { loadGuideStates, markGuideRead, shouldShowGuide } from '../../state/trading-prefs.ts';
import { GuideDialog, type GuideStep } from './GuideDialog.tsx';

/** Steps per guide; their texts are guide.<guide>.step<n>. */
const STEPS = 3;
const stepsOf = (guide: GuideName): GuideStep[] => Array.from({ length: STEPS }, (_, i) => ({ body: `guide.${guide}.step${i + 1}` }));

/** Spec 4.3: the OCO / trailing-stop guide, shown while its state is 'new'; closing it marks it read. */
export function OrderTypeGuide({ guide }: { guide: GuideName }) {
  useSignals();
  useEffect(() => {
    void loadGuideStates();
  }, []);
  if (!shouldShowGuide(guide)) return null;
  return <GuideDialog key={guide} title={`guide.${guide}.title`} steps={stepsOf(guide)} onClose={() => markGuideRead(guide)} />;
}
