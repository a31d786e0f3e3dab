// The trade guides (spec 4.3) and the read state each keeps in the user's preferences.
export type GuideState = 'new' | 'read' | 'unknown';
export type GuideName = 'oco' | 'trailing';

/** The user-preference key of a guide's read state. */
export const guidePrefKey = (g: GuideName) => `tradeGuide.${g}`;

/**
 * Spec 9 "the default steps are [1,3]", read beside its "progress format is current/total": an
 * order-type guide opens at step 1 of 3 (its progress shows 1/3), the steps after it counted from there.
 */
export const GUIDE_DEFAULT_STEPS = [1, 3] as const;

/** The step index (from 0) a guide opens at, within its `count` steps. */
export const guideFirstStep = (count: number): number => Math.min(GUIDE_DEFAULT_STEPS[0], count) - 1;
