// Number formatting of spec 5.12, on decimal strings: what is shown is what was sent, rounded
// by integer arithmetic, never by binary floating point.
import { DEFAULT_OTHER_PRECISION, DEFAULT_PRICE_PRECISION, EMPTY_VALUE } from './constants.ts';
import { formatScaled, fx, fxMul, fxPlain, type Rounding } from './decimal.ts';

const SIGNED_DECIMAL = /^(-?)(\d+)(?:\.(\d+))?$/;

/** A signed decimal string as an integer and its scale; null when malformed. */
export function parseSigned(s: string): { value: bigint; decimals: number } | null {
  const m = SIGNED_DECIMAL.exec(s.trim());
  if (!m || s.length > 60) return null;
  const frac = m[3] ?? '';
  const value = BigInt(`${m[2]}${frac}`);
  return { value: m[1] === '-' ? -value : value, decimals: frac.length };
}

/** Rounds a decimal string to `decimals` places; '--' for empty or malformed input. */
export function roundDecimal(s: string | null | undefined, decimals: number, rounding: Rounding = 'half-up'): string {
  if (s === null || s === undefined || s === '') return EMPTY_VALUE;
  const p = parseSigned(s);
  if (!p) return EMPTY_VALUE;
  const out = formatScaled(p.value, p.decimals, Math.max(0, decimals), rounding);
  return out === '-0' || /^-0\.0*$/.test(out) ? out.slice(1) : out;
}

/** 1234567.5 → 1,234,567.5 (grouping of the integer part only). */
export function groupThousands(s: string): string {
  const m = /^(-?)(\d+)(\.\d+)?$/.exec(s);
  if (!m) return s;
  return `${m[1]}${m[2]!.replace(/\B(?=(\d{3})+(?!\d))/g, ',')}${m[3] ?? ''}`;
}

/** Price with the symbol's precision (13 when unknown), optionally grouped. */
export function formatPrice(s: string | null | undefined, precision: number | undefined, group = false): string {
  const out = roundDecimal(s, precision ?? DEFAULT_PRICE_PRECISION);
  return group && out !== EMPTY_VALUE ? groupThousands(out) : out;
}

/** Quantity or amount with the symbol's precision (8 when unknown), truncated as exchanges show sizes; optionally grouped. */
export function formatQuantity(s: string | null | undefined, precision: number | undefined, group = false): string {
  const out = roundDecimal(s, precision ?? DEFAULT_OTHER_PRECISION, 'down');
  return group && out !== EMPTY_VALUE ? groupThousands(out) : out;
}

/**
 * What a person reads in a table, a dialog or a balance: a decimal string at `decimals` places
 * (an asset's display precision or a symbol's price or quantity precision), with thousands
 * separators. Amounts and sizes are truncated, prices rounded half-up. Without a known precision
 * the value is shown as sent (trailing zeros dropped), still grouped.
 */
export function formatGrouped(s: string | null | undefined, decimals: number | undefined, rounding: Rounding = 'down'): string {
  if (s === null || s === undefined || s === '') return EMPTY_VALUE;
  if (decimals === undefined) {
    const p = parseSigned(s);
    return p ? groupThousands(formatScaled(p.value, p.decimals, p.decimals).replace(/(\.\d*?)0+$/, '$1').replace(/\.$/, '')) : EMPTY_VALUE;
  }
  const out = roundDecimal(s, decimals, rounding);
  return out === EMPTY_VALUE ? out : groupThousands(out);
}

const UNITS: Array<[string, number]> = [
  ['T', 12],
  ['B', 9],
  ['M', 6],
  ['K', 3],
];

/** Large values abbreviated K, M, B or T with `decimals` places (1234567 → 1.23M); small ones as they are. */
export function abbreviate(s: string | null | undefined, decimals = 2): string {
  if (s === null || s === undefined || s === '') return EMPTY_VALUE;
  const p = parseSigned(s);
  if (!p) return EMPTY_VALUE;
  const abs = p.value < 0n ? -p.value : p.value;
  const intDigits = (abs / 10n ** BigInt(p.decimals)).toString().length;
  for (const [unit, exp] of UNITS) {
    if (intDigits > exp) return `${formatScaled(p.value, p.decimals + exp, decimals, 'down')}${unit}`;
  }
  return formatScaled(p.value, p.decimals, decimals, 'down');
}

/**
 * Legal-currency value (spec 5.12): below 1 with leading zeros after the point, keep the
 * digits up to the first non-zero one (0.000123 → 0.0001); otherwise 2 decimals.
 */
export function formatLegal(s: string | null | undefined): string {
  if (s === null || s === undefined || s === '') return EMPTY_VALUE;
  const p = parseSigned(s);
  if (!p) return EMPTY_VALUE;
  const abs = p.value < 0n ? -p.value : p.value;
  const scale = 10n ** BigInt(p.decimals);
  if (abs !== 0n && abs < scale) {
    const frac = abs.toString().padStart(p.decimals, '0');
    const firstNonZero = frac.search(/[1-9]/);
    if (firstNonZero >= 2) return formatScaled(p.value, p.decimals, firstNonZero + 1, 'down');
  }
  return groupThousands(formatScaled(p.value, p.decimals, 2));
}

/**
 * A US-dollar value in another currency (spec 2.10), in the page's language with Intl's currency
 * formatting: `usd` × `rate` (what one dollar buys), exact, then spec 5.12's digits (below 1 with
 * leading zeros, up to the first non-zero digit, cut; otherwise 2 decimals).
 */
export function formatFiatIn(usd: string | null | undefined, rate: string | null | undefined, currency: string, locale: string): string {
  const u = fx(usd ?? null);
  const r = fx(rate ?? null);
  if (u === null || r === null) return EMPTY_VALUE;
  const value = fxPlain(fxMul(u, r));
  const legal = formatLegal(value);
  const decimals = legal.includes('.') ? legal.length - legal.indexOf('.') - 1 : 0;
  const small = decimals > 2;
  const opts = { style: 'currency', currency, minimumFractionDigits: decimals, maximumFractionDigits: decimals, ...(small ? { roundingMode: 'trunc' } : {}) } as Intl.NumberFormatOptions;
  return numberFormat(locale, opts).format(value as Intl.StringNumericLiteral);
}

/** A 24 h change ratio ('0.0123') as a percent with 2 decimals and a plus sign when positive. */
export function formatChangePercent(ratio: string | null | undefined): string {
  if (ratio === null || ratio === undefined || ratio === '') return EMPTY_VALUE;
  const p = parseSigned(ratio);
  if (!p) return EMPTY_VALUE;
  const pct = formatScaled(p.value, p.decimals - 2 < 0 ? 0 : p.decimals - 2, 2);
  const fixed = p.decimals < 2 ? formatScaled(p.value * 100n, p.decimals, 2) : pct;
  const clean = /^-0\.00$/.test(fixed) ? '0.00' : fixed;
  return `${!clean.startsWith('-') && clean !== '0.00' ? '+' : ''}${clean}%`;
}

/** Sign of a decimal string: 1, -1 or 0 (0 for malformed input). */
export function signOf(s: string | null | undefined): -1 | 0 | 1 {
  if (!s) return 0;
  const p = parseSigned(s);
  if (!p || p.value === 0n) return 0;
  return p.value > 0n ? 1 : -1;
}

const numberFormats = new Map<string, Intl.NumberFormat>();

function numberFormat(locale: string, options: Intl.NumberFormatOptions): Intl.NumberFormat {
  const key = `${locale}|${JSON.stringify(options)}`;
  let f = numberFormats.get(key);
  if (!f) {
    const all: Intl.NumberFormatOptions = { numberingSystem: 'latn', signDisplay: 'negative', ...options };
    try {
      f = new Intl.NumberFormat(locale, all);
    } catch {
      f = new Intl.NumberFormat('en', all);
    }
    numberFormats.set(key, f);
  }
  return f;
}

/**
 * A decimal string (a price, size, balance or P&L) as the page's language writes numbers: its
 * grouping and decimal sign, Latin digits like every number on the page, at most `maxDigits`
 * places (half-up). Exact: Intl is given the decimal string itself, never a binary float. '--'
 * for empty or malformed input.
 */
export function formatDecimalIn(s: string | null | undefined, locale: string, maxDigits = 8): string {
  if (s === null || s === undefined || !parseSigned(s)) return EMPTY_VALUE;
  return numberFormat(locale, { maximumFractionDigits: maxDigits }).format(s.trim() as Intl.StringNumericLiteral);
}

/**
 * An amount of a coin at its display precision (spec 5.12): exactly `decimals` places, truncated
 * (never more than there is), grouped in the page's language: '8,994.32' for 8994.32808 USDT at 2.
 */
/** Significant digits an amount below its coin's places is written with (formatAmountIn). */
const SMALL_SIGNIFICANT = 4;
/** Zeros between the decimal point and the first other digit of a decimal below 1 ('0.0052' → 2). */
function leadingZeros(s: string): number {
  const dot = s.indexOf('.');
  return dot < 0 ? 0 : /^0*/.exec(s.slice(dot + 1))![0].length;
}

export function formatAmountIn(s: string | null | undefined, locale: string, decimals: number): string {
  if (s === null || s === undefined || !parseSigned(s)) return EMPTY_VALUE;
  const v = s.trim() as Intl.StringNumericLiteral;
  // Something is never written as nothing (issue 32: "0.000000 BTC returned" for 0.000000814): an
  // amount that the coin's places would cut to zero is written to its first four significant
  // digits (never more than it has): 0.005265645 USDT as 0.005265, not nine raw places (issue 33).
  const p = parseSigned(s)!;
  const places = p.value !== 0n && /^0\.?0*$/.test(roundDecimal(v.replace(/^-/, ''), decimals, 'down').replace(/,/g, '')) ? Math.min(18, p.decimals, leadingZeros(v) + SMALL_SIGNIFICANT) : decimals;
  const opts = { minimumFractionDigits: places, maximumFractionDigits: places, roundingMode: 'trunc' } as Intl.NumberFormatOptions;
  return numberFormat(locale, opts).format(v);
}

/** A ratio as a decimal string ('0.15') as a percent in the page's language (15%), exact as formatDecimalIn. */
export function formatPercentIn(ratio: string | null | undefined, locale: string, maxDigits: number, minDigits = 0): string {
  if (ratio === null || ratio === undefined || !parseSigned(ratio)) return EMPTY_VALUE;
  return numberFormat(locale, { style: 'percent', minimumFractionDigits: minDigits, maximumFractionDigits: maxDigits }).format(ratio.trim() as Intl.StringNumericLiteral);
}

/** Like formatPercentIn, with a plus sign on a rise (a change: "+1.25%", "−0.40%", "0%"). */
export function formatChangeIn(ratio: string | null | undefined, locale: string, maxDigits: number, minDigits = 0): string {
  if (ratio === null || ratio === undefined || !parseSigned(ratio)) return EMPTY_VALUE;
  return numberFormat(locale, { style: 'percent', signDisplay: 'exceptZero', minimumFractionDigits: minDigits, maximumFractionDigits: maxDigits }).format(ratio.trim() as Intl.StringNumericLiteral);
}

export { DEFAULT_OTHER_PRECISION, DEFAULT_PRICE_PRECISION };
