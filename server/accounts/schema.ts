import { LATER_MIGRATIONS } from './schema-later.ts';

/**
 * Schema migrations, applied in order; PRAGMA user_version records how far a data dir has come.
 * Never edit a shipped migration: add a new one (at the end of schema-later.ts), so an old data
 * dir upgrades in place. Money columns are TEXT decimal strings (exact), parsed into scaled
 * bigints by money.ts.
 */
export const MIGRATIONS: readonly string[] = [
  // 1: accounts, keys, balances, sessions, page state
  `
  CREATE TABLE users (
    id INTEGER PRIMARY KEY,
    name TEXT NOT NULL UNIQUE,
    role TEXT NOT NULL,
    is_uta INTEGER NOT NULL DEFAULT 1,
    is_demo INTEGER NOT NULL DEFAULT 0,
    parent_id INTEGER REFERENCES users(id),
    is_copy_leader INTEGER NOT NULL DEFAULT 0,
    is_new_leader INTEGER NOT NULL DEFAULT 0,
    is_eaa INTEGER NOT NULL DEFAULT 0,
    is_system INTEGER NOT NULL DEFAULT 0,
    member_tag_uta TEXT NOT NULL DEFAULT '',
    member_tag_uta_inverse TEXT NOT NULL DEFAULT '',
    created_at INTEGER NOT NULL
  );
  CREATE TABLE api_keys (
    api_key TEXT PRIMARY KEY,
    secret TEXT NOT NULL,
    user_id INTEGER NOT NULL REFERENCES users(id),
    label TEXT NOT NULL DEFAULT '',
    created_at INTEGER NOT NULL
  );
  CREATE TABLE balances (
    user_id INTEGER NOT NULL REFERENCES users(id),
    coin TEXT NOT NULL,
    available TEXT NOT NULL,
    locked TEXT NOT NULL,
    PRIMARY KEY (user_id, coin)
  ) WITHOUT ROWID;
  CREATE TABLE sessions (
    token_hash TEXT PRIMARY KEY,
    user_id INTEGER NOT NULL REFERENCES users(id),
    created_at INTEGER NOT NULL,
    expires_at INTEGER NOT NULL
  );
  CREATE TABLE preferences (
    user_id INTEGER NOT NULL REFERENCES users(id),
    key TEXT NOT NULL,
    value TEXT NOT NULL,
    PRIMARY KEY (user_id, key)
  ) WITHOUT ROWID;
  CREATE TABLE chart_layouts (
    user_id INTEGER PRIMARY KEY REFERENCES users(id),
    version TEXT NOT NULL,
    save_data TEXT NOT NULL,
    updated_at INTEGER NOT NULL
  );
  CREATE TABLE favourites (
    user_id INTEGER NOT NULL REFERENCES users(id),
    symbol TEXT NOT NULL,
    rank INTEGER NOT NULL,
    PRIMARY KEY (user_id, symbol)
  ) WITHOUT ROWID;
  `,
  // 2: orders and executions
  `
  CREATE TABLE orders (
    order_id TEXT PRIMARY KEY,
    user_id INTEGER NOT NULL REFERENCES users(id),
    order_link_id TEXT NOT NULL,
    symbol TEXT NOT NULL,
    side TEXT NOT NULL,
    order_type TEXT NOT NULL,
    order_filter TEXT NOT NULL,
    stop_order_type TEXT NOT NULL DEFAULT '',
    time_in_force TEXT NOT NULL,
    price TEXT NOT NULL,
    qty TEXT NOT NULL,
    market_unit TEXT NOT NULL DEFAULT '',
    trigger_price TEXT NOT NULL DEFAULT '',
    trigger_direction INTEGER NOT NULL DEFAULT 0,
    trailing_value TEXT NOT NULL DEFAULT '',
    trailing_extreme TEXT NOT NULL DEFAULT '',
    take_profit TEXT NOT NULL DEFAULT '',
    stop_loss TEXT NOT NULL DEFAULT '',
    tp_limit_price TEXT NOT NULL DEFAULT '',
    sl_limit_price TEXT NOT NULL DEFAULT '',
    tp_order_type TEXT NOT NULL DEFAULT '',
    sl_order_type TEXT NOT NULL DEFAULT '',
    oco_trigger_by TEXT NOT NULL DEFAULT '',
    status TEXT NOT NULL,
    cancel_type TEXT NOT NULL DEFAULT 'UNKNOWN',
    reject_reason TEXT NOT NULL DEFAULT 'EC_NoError',
    cum_exec_qty TEXT NOT NULL DEFAULT '0',
    cum_exec_value TEXT NOT NULL DEFAULT '0',
    cum_exec_fee TEXT NOT NULL DEFAULT '0',
    fee_currency TEXT NOT NULL DEFAULT '',
    lock_coin TEXT NOT NULL DEFAULT '',
    lock_amount TEXT NOT NULL DEFAULT '0',
    base_price TEXT NOT NULL DEFAULT '',
    parent_order_id TEXT NOT NULL DEFAULT '',
    created_time INTEGER NOT NULL,
    updated_time INTEGER NOT NULL
  );
  CREATE UNIQUE INDEX orders_link ON orders(user_id, order_link_id);
  CREATE INDEX orders_user_status ON orders(user_id, status, updated_time);
  CREATE INDEX orders_open ON orders(symbol, status);
  CREATE TABLE executions (
    exec_id TEXT PRIMARY KEY,
    order_id TEXT NOT NULL REFERENCES orders(order_id),
    user_id INTEGER NOT NULL REFERENCES users(id),
    symbol TEXT NOT NULL,
    side TEXT NOT NULL,
    exec_price TEXT NOT NULL,
    exec_qty TEXT NOT NULL,
    exec_value TEXT NOT NULL,
    exec_fee TEXT NOT NULL,
    fee_currency TEXT NOT NULL,
    fee_rate TEXT NOT NULL,
    is_maker INTEGER NOT NULL,
    leaves_qty TEXT NOT NULL,
    exec_time INTEGER NOT NULL,
    seq INTEGER NOT NULL
  );
  CREATE INDEX executions_user ON executions(user_id, exec_time);
  CREATE TABLE counters (name TEXT PRIMARY KEY, value INTEGER NOT NULL) WITHOUT ROWID;
  `,
  // 3: grid bots (spec 3 "Grid overlay", 4.9). Only their records: no engine runs them yet.
  `
  CREATE TABLE grid_bots (
    bot_id TEXT PRIMARY KEY,
    user_id INTEGER NOT NULL REFERENCES users(id),
    symbol TEXT NOT NULL,
    min_price TEXT NOT NULL,
    max_price TEXT NOT NULL,
    grid_number INTEGER NOT NULL CHECK (grid_number BETWEEN 2 AND 200),
    type TEXT NOT NULL CHECK (type IN ('grade', 'other')),
    status INTEGER NOT NULL CHECK (status IN (2, 3, 5)),
    created_time INTEGER NOT NULL,
    updated_time INTEGER NOT NULL
  );
  CREATE INDEX grid_bots_user ON grid_bots(user_id, status, symbol);
  `,
  // 4: where an order came from (spec 3 "Special trade origin"; Bybit's blockTradeId, createType)
  `
  ALTER TABLE orders ADD COLUMN block_trade_id TEXT NOT NULL DEFAULT '';
  ALTER TABLE orders ADD COLUMN create_type TEXT NOT NULL DEFAULT 'CreateByUser';
  `,
  // 5: editorial content: the notice bar's notices (spec 2.9, 3 "Notice") and announcements
  // (Bybit's /v5/announcements/index), `audience` '' for everyone or one fault scope only; the
  // customer-service tickets and the rewards hub's claims (spec 2.16).
  `
  CREATE TABLE notices (
    id INTEGER PRIMARY KEY,
    locale TEXT NOT NULL,
    symbol_name TEXT NOT NULL,
    info TEXT NOT NULL,
    url TEXT NOT NULL DEFAULT '',
    audience TEXT NOT NULL DEFAULT '',
    created_at INTEGER NOT NULL
  );
  CREATE TABLE announcements (
    id INTEGER PRIMARY KEY,
    locale TEXT NOT NULL,
    title TEXT NOT NULL,
    description TEXT NOT NULL,
    type_key TEXT NOT NULL,
    type_title TEXT NOT NULL,
    tags TEXT NOT NULL,
    url TEXT NOT NULL,
    date_ts INTEGER NOT NULL,
    start_ts INTEGER NOT NULL DEFAULT 0,
    end_ts INTEGER NOT NULL DEFAULT 0,
    publish_ts INTEGER NOT NULL,
    audience TEXT NOT NULL DEFAULT ''
  );
  CREATE INDEX announcements_by_date ON announcements(locale, date_ts DESC);
  CREATE TABLE support_tickets (
    id INTEGER PRIMARY KEY,
    user_id INTEGER REFERENCES users(id),
    contact TEXT NOT NULL DEFAULT '',
    subject TEXT NOT NULL,
    message TEXT NOT NULL,
    transcript TEXT NOT NULL DEFAULT '',
    status TEXT NOT NULL DEFAULT 'open',
    created_at INTEGER NOT NULL
  );
  CREATE TABLE reward_claims (
    user_id INTEGER NOT NULL REFERENCES users(id),
    task_id TEXT NOT NULL,
    coin TEXT NOT NULL,
    amount TEXT NOT NULL,
    claimed_at INTEGER NOT NULL,
    PRIMARY KEY (user_id, task_id)
  ) WITHOUT ROWID;
  `,
  // 6: the upgrade to a unified account (spec 4.14), the standard-account offline alert (5.13)
  `
  -- The account is in the upgrade's gray (pilot) group: only then does the page offer the upgrade.
  ALTER TABLE users ADD COLUMN uta_upgrade_gray INTEGER NOT NULL DEFAULT 0;
  -- When a classic account became unified here (NULL: born unified, or still classic).
  ALTER TABLE users ADD COLUMN uta_upgraded_at INTEGER;
  -- The classic-account phase-out switch for this account's cohort: the page's offline alert.
  ALTER TABLE users ADD COLUMN standard_offline INTEGER NOT NULL DEFAULT 0;
  -- A classic account's outstanding spot-margin loans; nothing lends yet, a fault control sets them.
  CREATE TABLE liabilities (
    user_id INTEGER NOT NULL REFERENCES users(id),
    coin TEXT NOT NULL,
    amount TEXT NOT NULL,
    PRIMARY KEY (user_id, coin)
  ) WITHOUT ROWID;
  `,
  // Leveraged-token purchases and redemptions (/v5/spot-lever-token/*, spec 2.12, 4.8). type 1
  // purchase (amount: quote paid, value: tokens received), 2 redemption (amount: tokens given,
  // value: quote received); status 1 completed, 2 in progress, 3 failed; nav: the NAV it settled at.
  `
  CREATE TABLE lt_orders (
    order_id TEXT PRIMARY KEY,
    user_id INTEGER NOT NULL REFERENCES users(id),
    lt_coin TEXT NOT NULL,
    order_type INTEGER NOT NULL CHECK (order_type IN (1, 2)),
    status INTEGER NOT NULL CHECK (status IN (1, 2, 3)),
    amount TEXT NOT NULL,
    value TEXT NOT NULL DEFAULT '',
    fee TEXT NOT NULL DEFAULT '0',
    value_coin TEXT NOT NULL,
    serial_no TEXT NOT NULL,
    nav TEXT NOT NULL DEFAULT '',
    order_time INTEGER NOT NULL,
    update_time INTEGER NOT NULL
  );
  CREATE UNIQUE INDEX lt_orders_serial ON lt_orders(user_id, serial_no) WHERE serial_no <> '';
  CREATE INDEX lt_orders_user ON lt_orders(user_id, order_time);
  `,
  // Spot grid bots that run (spec 2.14, 4.9; Bybit /v5/grid/*): a bot's parameters, state and
  // funds, its cells (one live order each) and its matched buy/sell pairs. grid_bots stays the list
  // the chart and the orders panel read; grid_runs holds what the engine needs besides.
  `
  CREATE TABLE grid_runs (
    bot_id TEXT PRIMARY KEY REFERENCES grid_bots(bot_id),
    user_id INTEGER NOT NULL REFERENCES users(id),
    symbol TEXT NOT NULL,
    state TEXT NOT NULL,
    close_reason TEXT NOT NULL DEFAULT 'UNKNOWN',
    close_mode INTEGER NOT NULL DEFAULT 0,
    invest_mode INTEGER NOT NULL,
    quote_investment TEXT NOT NULL,
    base_investment TEXT NOT NULL,
    total_investment TEXT NOT NULL,
    start_price TEXT NOT NULL,
    entry_price TEXT NOT NULL DEFAULT '',
    stop_loss TEXT NOT NULL DEFAULT '',
    take_profit TEXT NOT NULL DEFAULT '',
    ts_percent TEXT NOT NULL DEFAULT '',
    enable_trailing INTEGER NOT NULL DEFAULT 0,
    limit_up_price TEXT NOT NULL DEFAULT '',
    levels TEXT NOT NULL,
    shift INTEGER NOT NULL DEFAULT 0,
    quote_free TEXT NOT NULL,
    base_free TEXT NOT NULL,
    high_price TEXT NOT NULL DEFAULT '',
    created_time INTEGER NOT NULL,
    run_time INTEGER NOT NULL DEFAULT 0,
    end_time INTEGER NOT NULL DEFAULT 0
  );
  CREATE INDEX grid_runs_state ON grid_runs(state, symbol);
  CREATE TABLE grid_cells (
    bot_id TEXT NOT NULL REFERENCES grid_runs(bot_id),
    cell INTEGER NOT NULL,
    sell_qty TEXT NOT NULL,
    buy_qty TEXT NOT NULL,
    side TEXT NOT NULL,
    order_id TEXT NOT NULL DEFAULT '',
    gen INTEGER NOT NULL DEFAULT 0,
    cost TEXT NOT NULL DEFAULT '0',
    PRIMARY KEY (bot_id, cell)
  ) WITHOUT ROWID;
  CREATE INDEX grid_cells_order ON grid_cells(order_id);
  CREATE TABLE grid_pairs (
    bot_id TEXT NOT NULL REFERENCES grid_runs(bot_id),
    cell INTEGER NOT NULL,
    sell_order_id TEXT NOT NULL,
    profit TEXT NOT NULL,
    time INTEGER NOT NULL,
    PRIMARY KEY (bot_id, sell_order_id)
  ) WITHOUT ROWID;
  `,
  // From issue 16 on: schema-later.ts (the same list, in order).
  ...LATER_MIGRATIONS,
];
