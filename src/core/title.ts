import { EMPTY_VALUE } from './constants.ts';

export type PriceDirection = 'up' | 'down' | 'flat';

const MARKERS: Record<PriceDirection, string> = { up: '▲', down: '▼', flat: '' };

export interface TitleInput {
  /** Shown as base/quote, e.g. BTC/USDT. */
  pair: string;
  direction: PriceDirection;
  /** Already formatted with the symbol's precision; empty until market data exists. */
  price: string | undefined;
  isDemo: boolean;
}

/**
 * The tab title (spec 2.2) from a translated template holding {{pair}}, {{marker}} and {{price}};
 * a demo account reads the demo title instead.
 */
export function buildTitle(input: TitleInput, template: string, demoTitle: string): string {
  if (input.isDemo) return demoTitle;
  const price = input.price && input.price.length > 0 ? input.price : EMPTY_VALUE;
  return template
    .replace('{{pair}}', input.pair)
    .replace('{{marker}}', MARKERS[input.direction])
    .replace('{{price}}', price)
    .replace(/\s{2,}/g, ' ')
    .trim();
}
