// Schema migrations from issue 16 on, in order: they follow schema.ts's list (see its note).
export const LATER_MIGRATIONS: readonly string[] = [
  // Issue 16: a user's innovation quota (spec 3), in the quote coin; buys filled since set_at use it up.
  `
  CREATE TABLE innovation_quotas (
    user_id INTEGER PRIMARY KEY REFERENCES users(id),
    total TEXT NOT NULL,
    set_at INTEGER NOT NULL
  );
  `,
  // Issue 16 item 5: a market order's slippage tolerance (Bybit's slippageToleranceType / slippageTolerance).
  `
  ALTER TABLE orders ADD COLUMN slippage_type TEXT NOT NULL DEFAULT '';
  ALTER TABLE orders ADD COLUMN slippage TEXT NOT NULL DEFAULT '';
  `,
  // Issue 17 item 4: OTC convert quotes (Bybit's /v5/asset/exchange/*), valid 10 s, converted once.
  `
  CREATE TABLE convert_quotes (
    quote_tx_id TEXT PRIMARY KEY,
    user_id INTEGER NOT NULL REFERENCES users(id),
    account_type TEXT NOT NULL,
    from_coin TEXT NOT NULL,
    to_coin TEXT NOT NULL,
    from_amount TEXT NOT NULL,
    to_amount TEXT NOT NULL,
    rate TEXT NOT NULL,
    expired_at INTEGER NOT NULL,
    status TEXT NOT NULL,
    request_id TEXT NOT NULL DEFAULT '',
    created_at INTEGER NOT NULL
  );
  CREATE INDEX convert_quotes_user ON convert_quotes(user_id, status, created_at);
  `,
  // Issue 17 item 1: strategies (Bybit /v5/strategy/*: TWAP, iceberg, chase) and their child orders.
  `
  CREATE TABLE strategies (
    strategy_id TEXT PRIMARY KEY,
    user_id INTEGER NOT NULL REFERENCES users(id),
    symbol TEXT NOT NULL,
    side TEXT NOT NULL,
    type TEXT NOT NULL,
    size TEXT NOT NULL,
    params TEXT NOT NULL,
    progress TEXT NOT NULL,
    status INTEGER NOT NULL,
    terminate_type INTEGER NOT NULL DEFAULT 0,
    scope TEXT NOT NULL DEFAULT '',
    next_at INTEGER NOT NULL,
    created_at INTEGER NOT NULL,
    started_at INTEGER NOT NULL DEFAULT 0,
    ended_at INTEGER NOT NULL DEFAULT 0,
    updated_at INTEGER NOT NULL
  );
  CREATE INDEX strategies_user ON strategies(user_id, status, created_at);
  CREATE TABLE strategy_orders (
    order_id TEXT PRIMARY KEY,
    strategy_id TEXT NOT NULL REFERENCES strategies(strategy_id),
    parent_order_id TEXT NOT NULL DEFAULT '',
    status INTEGER NOT NULL,
    size TEXT NOT NULL,
    price TEXT NOT NULL DEFAULT '',
    order_type TEXT NOT NULL,
    code INTEGER NOT NULL DEFAULT 0,
    msg TEXT NOT NULL DEFAULT '',
    created_at INTEGER NOT NULL,
    updated_at INTEGER NOT NULL
  );
  CREATE INDEX strategy_orders_strategy ON strategy_orders(strategy_id, created_at);
  `,
  // Issue 17 item 1: webhook strategies, one secret URL per account, and every alert it received.
  `
  CREATE TABLE webhooks (
    user_id INTEGER PRIMARY KEY REFERENCES users(id),
    token TEXT NOT NULL UNIQUE,
    secret TEXT NOT NULL,
    created_at INTEGER NOT NULL
  );
  CREATE TABLE webhook_signals (
    user_id INTEGER NOT NULL REFERENCES users(id),
    id TEXT NOT NULL,
    received_at INTEGER NOT NULL,
    status TEXT NOT NULL,
    order_id TEXT NOT NULL DEFAULT '',
    code INTEGER NOT NULL DEFAULT 0,
    msg TEXT NOT NULL DEFAULT '',
    symbol TEXT NOT NULL DEFAULT '',
    side TEXT NOT NULL DEFAULT '',
    qty TEXT NOT NULL DEFAULT '',
    PRIMARY KEY (user_id, id)
  ) WITHOUT ROWID;
  `,
  // Issue 17: an account barred from trading (its orders refused, its bots and strategies closed).
  `
  ALTER TABLE users ADD COLUMN trading_banned INTEGER NOT NULL DEFAULT 0;
  `,
  // Network quality uploads (spec 3, 7.6): per-second counters per link kind, and stay/total durations.
  `
  CREATE TABLE net_quality (
    id INTEGER PRIMARY KEY,
    at INTEGER NOT NULL,
    device_id TEXT NOT NULL,
    kind TEXT NOT NULL,
    second INTEGER NOT NULL,
    send INTEGER NOT NULL,
    recv INTEGER NOT NULL,
    timeout INTEGER NOT NULL,
    error INTEGER NOT NULL,
    cost INTEGER NOT NULL,
    bad INTEGER NOT NULL
  );
  CREATE INDEX net_quality_device ON net_quality(device_id, second);
  CREATE TABLE net_stay (
    id INTEGER PRIMARY KEY,
    at INTEGER NOT NULL,
    device_id TEXT NOT NULL,
    stay_ms INTEGER NOT NULL,
    total_ms INTEGER NOT NULL
  );
  `,
  // Spot margin on the unified account (/v5/spot-margin-trade/*, spec 3, 4.5): per-account margin
  // switch, leverage and margin mode; liabilities gain their accrued interest and the hour it was
  // last accrued to; every borrow, repayment and hourly interest charge is recorded (borrow-history),
  // and each liquidation with what it sold and repaid. Orders remember whether they may borrow.
  `
  ALTER TABLE orders ADD COLUMN is_leverage INTEGER NOT NULL DEFAULT 0;
  ALTER TABLE liabilities ADD COLUMN interest TEXT NOT NULL DEFAULT '0';
  ALTER TABLE liabilities ADD COLUMN accrued_at INTEGER NOT NULL DEFAULT 0;
  CREATE TABLE margin_settings (
    user_id INTEGER PRIMARY KEY REFERENCES users(id),
    spot_margin INTEGER NOT NULL DEFAULT 0,
    leverage INTEGER NOT NULL DEFAULT 10 CHECK (leverage BETWEEN 2 AND 10),
    margin_mode TEXT NOT NULL DEFAULT 'REGULAR_MARGIN',
    risk_override TEXT NOT NULL DEFAULT ''
  );
  CREATE TABLE borrow_events (
    id INTEGER PRIMARY KEY,
    user_id INTEGER NOT NULL REFERENCES users(id),
    coin TEXT NOT NULL,
    kind TEXT NOT NULL CHECK (kind IN ('borrow', 'repay', 'interest', 'liquidation')),
    amount TEXT NOT NULL,
    rate TEXT NOT NULL DEFAULT '',
    borrow_size TEXT NOT NULL,
    created_time INTEGER NOT NULL
  );
  CREATE INDEX borrow_events_user ON borrow_events(user_id, kind, created_time);
  CREATE TABLE liquidations (
    id INTEGER PRIMARY KEY,
    user_id INTEGER NOT NULL REFERENCES users(id),
    mm_rate TEXT NOT NULL,
    detail TEXT NOT NULL,
    created_time INTEGER NOT NULL
  );
  `,
  // Spec 4.13: the account's unified balance polling (its interval and whether it is forced).
  `
  ALTER TABLE users ADD COLUMN balance_poll_ms INTEGER NOT NULL DEFAULT 10000;
  ALTER TABLE users ADD COLUMN balance_poll_forced INTEGER NOT NULL DEFAULT 0;
  `,
  // Socket problem reports (spec 9 "report thresholds 3/3/22", src/net/socket-report.ts).
  `
  CREATE TABLE net_socket (
    id INTEGER PRIMARY KEY,
    at INTEGER NOT NULL,
    device_id TEXT NOT NULL,
    stream TEXT NOT NULL,
    kind TEXT NOT NULL,
    count INTEGER NOT NULL,
    last_code INTEGER NOT NULL
  );
  CREATE INDEX net_socket_device ON net_socket(device_id, at);
  `,
  // Issue 21: the order history's query (one user's orders, newest first, in a time window) read
  // every order of the account and sorted them: ~20 ms for 11,000 orders, on each page of 50.
  `
  CREATE INDEX orders_user_created ON orders(user_id, created_time DESC, order_id DESC);
  `,
  // Issue 30: money created or destroyed (seeding, sign-up, demo funds, rewards, leveraged-token
  // mint and burn) is recorded, so per coin the balances of all accounts add up to the mints. A
  // database from before starts with its balances as they are ('opening').
  `
  CREATE TABLE mints (
    id INTEGER PRIMARY KEY,
    user_id INTEGER NOT NULL,
    coin TEXT NOT NULL,
    amount TEXT NOT NULL,
    reason TEXT NOT NULL,
    ref TEXT NOT NULL DEFAULT '',
    created_time INTEGER NOT NULL
  );
  CREATE INDEX mints_coin ON mints(coin);
  `,
  // Issue 34: an account's orders answered with a trade-limit code (spec 8; /faults/account-flags tradeLimitCode); 0 none.
  `
  ALTER TABLE users ADD COLUMN trade_limit_code INTEGER NOT NULL DEFAULT 0;
  `,
  // Issue 34: closing orders (a position close, a liquidation's sale) say so, as Bybit's reduceOnly and closeOnTrigger.
  `
  ALTER TABLE orders ADD COLUMN reduce_only INTEGER NOT NULL DEFAULT 0;
  ALTER TABLE orders ADD COLUMN close_on_trigger INTEGER NOT NULL DEFAULT 0;
  `,
  // Issue 35: disconnection protection (Bybit's DCP): an account's time window per product, in seconds.
  `
  CREATE TABLE dcp_settings (
    user_id INTEGER NOT NULL,
    product TEXT NOT NULL,
    time_window INTEGER NOT NULL,
    updated_time INTEGER NOT NULL,
    PRIMARY KEY (user_id, product)
  ) WITHOUT ROWID;
  `,
  // Issue 35 item 3: alerts (price crosses, % moves, fills, margin warnings, bots ending), each
  // firing once; a fired alert stays listed until the user deletes it.
  `
  CREATE TABLE alerts (
    alert_id TEXT PRIMARY KEY,
    user_id INTEGER NOT NULL REFERENCES users(id),
    kind TEXT NOT NULL,
    symbol TEXT NOT NULL DEFAULT '',
    price TEXT NOT NULL DEFAULT '',
    percent TEXT NOT NULL DEFAULT '',
    minutes INTEGER NOT NULL DEFAULT 0,
    status TEXT NOT NULL,
    created_time INTEGER NOT NULL,
    fired_time INTEGER NOT NULL DEFAULT 0,
    fired_price TEXT NOT NULL DEFAULT '',
    detail TEXT NOT NULL DEFAULT ''
  );
  CREATE INDEX alerts_user ON alerts(user_id, created_time DESC);
  CREATE INDEX alerts_active ON alerts(status) WHERE status = 'active';
  `,
  // The third walkthrough: the exchange's own repayments (a fill's proceeds in a borrowed coin, an
  // order's unused borrowing returned when it ends) were listed as the user's. A kind of their own;
  // SQLite changes a CHECK only by copying the table.
  `
  CREATE TABLE borrow_events_next (
    id INTEGER PRIMARY KEY,
    user_id INTEGER NOT NULL REFERENCES users(id),
    coin TEXT NOT NULL,
    kind TEXT NOT NULL CHECK (kind IN ('borrow', 'repay', 'interest', 'liquidation', 'auto')),
    amount TEXT NOT NULL,
    rate TEXT NOT NULL DEFAULT '',
    borrow_size TEXT NOT NULL,
    created_time INTEGER NOT NULL
  );
  INSERT INTO borrow_events_next (id, user_id, coin, kind, amount, rate, borrow_size, created_time)
    SELECT id, user_id, coin, kind, amount, rate, borrow_size, created_time FROM borrow_events;
  DROP TABLE borrow_events;
  ALTER TABLE borrow_events_next RENAME TO borrow_events;
  CREATE INDEX borrow_events_user ON borrow_events(user_id, kind, created_time);
  `,
  `
  -- Spec 3's quality report: the report's end (end_time) and this visible stretch (cur_duration).
  ALTER TABLE net_stay ADD COLUMN end_time INTEGER NOT NULL DEFAULT 0;
  ALTER TABLE net_stay ADD COLUMN cur_ms INTEGER NOT NULL DEFAULT 0;
  `,
  // Spec 7.6's monitoring events (httpException, linksException, whitelist, sdkerror).
  `
  CREATE TABLE net_event (
    id INTEGER PRIMARY KEY,
    at INTEGER NOT NULL,
    device_id TEXT NOT NULL,
    type TEXT NOT NULL,
    event_at INTEGER NOT NULL,
    detail TEXT NOT NULL
  );
  CREATE INDEX net_event_device ON net_event(device_id, id);
  `,
  // Issue 32 (fourth walkthrough): a closed grid bot's figures are fixed at its close. The last
  // price when it closed, stored in the close's transaction, values what it kept (its dust of base).
  `
  ALTER TABLE grid_runs ADD COLUMN end_price TEXT NOT NULL DEFAULT '';
  `,
  // Issue 32 (fourth walkthrough): what a leveraged order borrowed when it was placed (its lock coin;
  // for a sell, the base it sold short), written in the placement's transaction. The positions and
  // closed P&L read it: a sell's borrowed part opens a short, and buys that repay it close it.
  `
  ALTER TABLE orders ADD COLUMN borrowed TEXT NOT NULL DEFAULT '0';
  `,
  // Spec 7.5 "check whether OTC is guided": the account has been through the OTC guide (spec 2.17).
  `
  CREATE TABLE otc_guided (
    user_id INTEGER PRIMARY KEY REFERENCES users(id),
    guided_at INTEGER NOT NULL
  );
  `,
];
