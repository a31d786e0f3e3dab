// OTC convert (issue 17 item 4) on Bybit's /v5/asset/exchange/* API: a quote valid 10 s at the
// market's price less a 0.1 % spread, then its execution from the user's balances against the
// simulated market's liquidity account. Quotes and conversions are kept in SQLite.
import type { Db } from '../../accounts/db.ts';
import { LIQUIDITY_ACCOUNT_ID } from '../../accounts/seed.ts';
import { ApiError, ERR } from '../../auth/errors.ts';
import { plainDecimal, plainInt } from '../../http/request.ts';
import { SYMBOLS } from '../../exchange/symbols.ts';
import { FX_ONE, fxDiv, fxMul, fxPlain, parseAmount } from '../../../src/core/decimal.ts';
import { InsufficientBalance } from '../rows/ledger.ts';
import { marketOf } from '../market.ts';
import type { TradingService } from '../engines/trading.ts';

export const QUOTE_TTL_MS = 10_000;
/** What a quote keeps for the house: 0.1 % of the converted amount. */
const SPREAD = FX_ONE / 1000n;
/** Coins are converted to 8 decimals (Bybit's accuracyLength for these coins). */
const ACCURACY = 8;
const UNIT = 10n ** BigInt(18 - ACCURACY);
/** Smallest and largest conversion, in USDT's worth. */
const MIN_USDT = FX_ONE;
const MAX_USDT = 1_000_000n * FX_ONE;
export const CONVERT_ACCOUNT_TYPES = ['eb_convert_uta', 'eb_convert_spot', 'eb_convert_funding'] as const;

/** Every coin a listed USDT pair trades, and USDT. */
export const CONVERT_COINS: readonly string[] = ['USDT', ...new Set(SYMBOLS.filter((s) => s.quote === 'USDT').map((s) => s.base))];

interface QuoteRow {
  quote_tx_id: string;
  user_id: number;
  account_type: string;
  from_coin: string;
  to_coin: string;
  from_amount: string;
  to_amount: string;
  rate: string;
  expired_at: number;
  status: 'quoted' | 'success' | 'failure';
  request_id: string;
  created_at: number;
}

const floorUnit = (v: bigint) => v - (v % UNIT);
const ceilUnit = (v: bigint) => (v % UNIT === 0n ? v : v - (v % UNIT) + UNIT);
const param = (msg: string) => new ApiError(ERR.PARAM, `Request parameter error: ${msg}`);

export class ConvertService {
  private seq = 0;

  constructor(
    private readonly db: Db,
    private readonly trading: TradingService,
    private readonly now: () => number = Date.now,
  ) {}

  /** USDT per coin at the market's last price (1 for USDT); undefined when the market never traded. */
  private usdtPrice(coin: string): bigint | undefined {
    if (coin === 'USDT') return FX_ONE;
    const m = marketOf(`${coin}USDT`);
    return m ? this.trading.lastPrice(m) : undefined;
  }

  /** How many `to` one `from` buys, after the spread. */
  rate(from: string, to: string): bigint {
    const pf = this.usdtPrice(from);
    const pt = this.usdtPrice(to);
    if (pf === undefined || pt === undefined || pt === 0n) throw new ApiError(ERR.SERVER, 'No price for this pair now. Try again later.');
    return fxMul(fxDiv(pf, pt), FX_ONE - SPREAD);
  }

  coins(userId: number, accountType: string): Array<Record<string, unknown>> {
    this.checkAccountType(accountType);
    return CONVERT_COINS.map((coin) => {
      const b = this.trading.ledger.get(userId, coin);
      return {
        coin, fullName: coin, icon: '', iconNight: '', accuracyLength: ACCURACY, coinType: 'crypto', balance: fxPlain(b.available), uBalance: '',
        singleFromMinLimit: '', singleFromMaxLimit: '', disableFrom: false, disableTo: false, timePeriod: 0,
        singleToMinLimit: '', singleToMaxLimit: '', dailyFromMinLimit: '', dailyFromMaxLimit: '', dailyToMinLimit: '', dailyToMaxLimit: '',
      };
    });
  }

  quote(userId: number, b: Record<string, unknown>): Record<string, unknown> {
    const accountType = String(b.accountType ?? '');
    this.checkAccountType(accountType);
    const from = String(b.fromCoin ?? '');
    const to = String(b.toCoin ?? '');
    if (!CONVERT_COINS.includes(from) || !CONVERT_COINS.includes(to)) throw param('fromCoin and toCoin must be listed coins');
    if (from === to) throw param('fromCoin and toCoin must differ');
    const requestCoin = String(b.requestCoin ?? from);
    if (requestCoin !== from && requestCoin !== to) throw param('requestCoin must be fromCoin or toCoin');
    const amount = typeof b.requestAmount === 'string' ? plainDecimal(b.requestAmount) : undefined;
    if (amount === undefined || amount <= 0n) throw param('requestAmount must be a positive decimal');
    const rate = this.rate(from, to);
    // Asked in the target coin: the source amount is rounded up, so the user never gets more than paid for.
    const fromAmount = requestCoin === from ? floorUnit(amount) : ceilUnit(fxDiv(amount, rate));
    const toAmount = requestCoin === to ? floorUnit(amount) : floorUnit(fxMul(fromAmount, rate));
    const worth = fxMul(fromAmount, this.usdtPrice(from)!);
    if (fromAmount <= 0n || toAmount <= 0n || worth < MIN_USDT) throw param('the amount is below the minimum of 1 USDT');
    if (worth > MAX_USDT) throw param('the amount is above the maximum of 1,000,000 USDT');
    const now = this.now();
    const row: QuoteRow = {
      quote_tx_id: `${now}${String(++this.seq).padStart(6, '0')}Q`, user_id: userId, account_type: accountType, from_coin: from, to_coin: to,
      from_amount: fxPlain(fromAmount), to_amount: fxPlain(toAmount), rate: fxPlain(rate), expired_at: now + QUOTE_TTL_MS, status: 'quoted',
      request_id: typeof b.requestId === 'string' ? b.requestId.slice(0, 64) : '', created_at: now,
    };
    this.db
      .prepare(
        `INSERT INTO convert_quotes (quote_tx_id, user_id, account_type, from_coin, to_coin, from_amount, to_amount, rate, expired_at, status, request_id, created_at)
         VALUES (@quote_tx_id, @user_id, @account_type, @from_coin, @to_coin, @from_amount, @to_amount, @rate, @expired_at, @status, @request_id, @created_at)`,
      )
      .run(row);
    return {
      quoteTxId: row.quote_tx_id, exchangeRate: row.rate, fromCoin: from, fromCoinType: 'crypto', toCoin: to, toCoinType: 'crypto',
      fromAmount: row.from_amount, toAmount: row.to_amount, expiredTime: String(row.expired_at), requestId: row.request_id, extTaxAndFee: [],
    };
  }

  /** Converts at the quoted amounts: once, before the quote expires, from what the user holds. */
  execute(userId: number, quoteTxId: unknown): { exchangeStatus: string; quoteTxId: string } {
    const row = this.find(userId, quoteTxId);
    if (row.status !== 'quoted') throw param('this quote was already used');
    if (this.now() > row.expired_at) throw param('the quote has expired; ask for a new one');
    const from = parseAmount(row.from_amount)!;
    const to = parseAmount(row.to_amount)!;
    try {
      this.db.transaction(() => {
        this.trading.ledger.adjust(userId, row.from_coin, -from);
        this.trading.ledger.adjust(userId, row.to_coin, to);
        this.trading.ledger.adjust(LIQUIDITY_ACCOUNT_ID, row.from_coin, from);
        this.trading.ledger.adjust(LIQUIDITY_ACCOUNT_ID, row.to_coin, -to);
        this.db.prepare(`UPDATE convert_quotes SET status = 'success' WHERE quote_tx_id = ?`).run(row.quote_tx_id);
      })();
    } catch (err) {
      if (!(err instanceof InsufficientBalance)) throw err;
      throw new ApiError(ERR.BALANCE_INSUFFICIENT, 'Balance insufficient');
    }
    this.trading.notifyBalances();
    return { exchangeStatus: 'processing', quoteTxId: row.quote_tx_id };
  }

  status(userId: number, quoteTxId: unknown): Record<string, unknown> {
    return this.record(this.find(userId, quoteTxId));
  }

  history(userId: number, q: URLSearchParams): Array<Record<string, unknown>> {
    const limit = Math.min(Math.max(plainInt(q.get('limit') ?? '20') || 20, 1), 100);
    const index = Math.max(plainInt(q.get('index') ?? '1') || 1, 1);
    const rows = this.db
      .prepare(`SELECT * FROM convert_quotes WHERE user_id = ? AND status = 'success' ORDER BY created_at DESC, quote_tx_id DESC LIMIT ? OFFSET ?`)
      .all(userId, limit, (index - 1) * limit) as QuoteRow[];
    return rows.map((r) => this.record(r));
  }

  private record(r: QuoteRow): Record<string, unknown> {
    // An unused quote has not been converted: Bybit's 'init' until it is executed.
    const exchangeStatus = r.status === 'success' ? 'success' : r.status === 'failure' ? 'failure' : 'init';
    return {
      accountType: r.account_type, exchangeTxId: r.quote_tx_id, userId: String(r.user_id), fromCoin: r.from_coin, fromCoinType: 'crypto',
      toCoin: r.to_coin, toCoinType: 'crypto', fromAmount: r.from_amount, toAmount: r.to_amount, exchangeStatus,
      extInfo: { paramType: '', paramValue: '' }, convertRate: r.rate, createdAt: String(r.created_at),
    };
  }

  private find(userId: number, quoteTxId: unknown): QuoteRow {
    if (typeof quoteTxId !== 'string' || quoteTxId === '') throw param('quoteTxId is required');
    const row = this.db.prepare('SELECT * FROM convert_quotes WHERE quote_tx_id = ? AND user_id = ?').get(quoteTxId, userId) as QuoteRow | undefined;
    if (!row) throw param('unknown quoteTxId');
    return row;
  }

  private checkAccountType(t: string): void {
    if (!(CONVERT_ACCOUNT_TYPES as readonly string[]).includes(t)) throw param(`accountType must be one of ${CONVERT_ACCOUNT_TYPES.join(', ')}`);
  }
}
