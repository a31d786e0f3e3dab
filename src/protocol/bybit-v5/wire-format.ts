// What the exchange's encoders need from a market to write its integers as Bybit's decimal strings.

/** A price in ticks, a size in lots and a quote amount in (tick × lot) units, as decimal strings. */
export interface WireFormat {
  price(ticks: number): string;
  qty(lots: number): string;
  quote(units: bigint | number): string;
}
