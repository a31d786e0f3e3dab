import { symbolList } from '../../state/market/markets.ts';

/**
 * The places a leveraged token's NAV is written with: its pair's price places, as the trade panel
 * and the book's price line write it (third walkthrough: "1.24943726"; sixth: the Project info
 * page still had 8). 4 until the pair list is known.
 */
export function navPlaces(base: string, quote: string): number {
  return symbolList.value.find((x) => x.baseTokenName === base && x.quoteTokenName === quote)?.pricePrecision ?? 4;
}
