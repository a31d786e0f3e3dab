import { GuideDialog, type GuideStep } from './GuideDialog.tsx';

/** One step per spot order type; keys under header.guide. */
const STEPS: readonly GuideStep[] = [
  { heading: 'header.guide.limitTitle', body: 'header.guide.limitBody' },
  { heading: 'header.guide.marketTitle', body: 'header.guide.marketBody' },
  { heading: 'header.guide.conditionalTitle', body: 'header.guide.conditionalBody' },
];

/** The header's trade guide (spec 2.8): the spot order types step by step. */
export function SpotGuide({ onClose }: { onClose: () => void }) {
  return <GuideDialog title="header.guide.title" steps={STEPS} onClose={onClose} />;
}
