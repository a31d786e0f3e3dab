// The trade guides (spec 4.3) and the read state each keeps in the user's preferences.
export type GuideState = 'new' | 'read' | 'unknown';
export type GuideName = 'oco' | 'trailing';

/** The user-preference key of a guide's read state. */
export const guidePrefKey = (g: GuideName) => `tradeGuide.${g}`;
