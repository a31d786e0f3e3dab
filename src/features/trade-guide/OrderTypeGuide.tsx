import { useEffect } from 'react';
import { GUIDE_DEFAULT_STEPS, type GuideName } from '../../core/trade-guides.ts';
import type { Side } from '../../core/order-types.ts';
import { useSignals } from '../../state/signals.ts';
import { loadGuideStates, markGuideRead, shouldShowGuide } from '../../state/account/trading-prefs.ts';
import { GuideDialog, type GuideStep } from './GuideDialog.tsx';

/** Steps per guide (spec 2.7; spec 9's default [1,3]: three): OCO's buy steps or sell steps, the trailing stop's three. */
const STEPS = GUIDE_DEFAULT_STEPS[1];

/** The keys of a guide's steps: guide.oco.buy.*, guide.oco.sell.* or guide.trailing.*. */
export function guideSteps(guide: GuideName, side: Side): GuideStep[] {
  const base = guide === 'oco' ? `guide.oco.${side === 'Buy' ? 'buy' : 'sell'}` : `guide.${guide}`;
  return Array.from({ length: STEPS }, (_, i) => ({ heading: `${base}.heading${i + 1}`, body: `${base}.step${i + 1}` }));
}

/**
 * Spec 4.3: the OCO / trailing-stop guide, shown while its state is 'new'; closing it marks it
 * read. The OCO guide gives the steps of the side the form is on (spec 2.7 "buy and sell steps").
 */
export function OrderTypeGuide({ guide, side }: { guide: GuideName; side: Side }) {
  useSignals();
  useEffect(() => {
    void loadGuideStates();
  }, []);
  if (!shouldShowGuide(guide)) return null;
  return <GuideDialog key={`${guide}-${side}`} title={`guide.${guide}.title`} steps={guideSteps(guide, side)} onClose={() => markGuideRead(guide)} />;
}
