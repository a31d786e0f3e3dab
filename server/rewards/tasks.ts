// The rewards hub's tasks (spec 2.16): each one's progress from the account's own orders and
// fills, and the claim that credits its reward once (install.ts serves them).
import type { Db } from '../accounts/db.ts';
import type { TradingService } from '../private/engines/trading.ts';
import { amount, fxPlain } from '../../src/core/decimal.ts';
import type { RewardTask } from '../../src/protocol/rewards.ts';

export interface TaskDef {
  id: string;
  coin: string;
  reward: string;
  /** Progress toward `target` from the account's own records, as an exact decimal. */
  target: string;
  progress: (db: Db, userId: number) => bigint;
}

/** Spot trading value in USDT-quoted pairs (exec_value is the quote amount). */
function usdtVolume(db: Db, userId: number): bigint {
  const rows = db.prepare(`SELECT exec_value FROM executions WHERE user_id = ? AND symbol LIKE '%USDT'`).all(userId) as Array<{ exec_value: string }>;
  return rows.reduce((sum, r) => sum + amount(r.exec_value), 0n);
}

/** The tasks (spec 2.16 rewards hub): progress comes from the account's orders and fills. */
export const REWARD_TASKS: readonly TaskDef[] = [
  {
    id: 'first-order',
    coin: 'USDT',
    reward: '5',
    target: '1',
    progress: (db, userId) => BigInt((db.prepare('SELECT COUNT(*) AS n FROM orders WHERE user_id = ?').get(userId) as { n: number }).n) * 10n ** 18n,
  },
  { id: 'volume-1000', coin: 'USDT', reward: '10', target: '1000', progress: usdtVolume },
];

/** The account's tasks with their progress and status. */
export function tasksOf(db: Db, userId: number): RewardTask[] {
  const claimed = new Set((db.prepare('SELECT task_id FROM reward_claims WHERE user_id = ?').all(userId) as Array<{ task_id: string }>).map((r) => r.task_id));
  return REWARD_TASKS.map((t) => {
    const progress = t.progress(db, userId);
    const target = amount(t.target);
    return {
      taskId: t.id,
      coin: t.coin,
      reward: t.reward,
      progress: fxPlain(progress < target ? progress : target),
      target: t.target,
      status: claimed.has(t.id) ? 'claimed' : progress >= target ? 'claimable' : 'inProgress',
    };
  });
}

/**
 * Claims a finished task's reward: the claim row and the credit in one transaction. Returns why
 * it cannot be claimed, or null when it was.
 */
export function claimReward(db: Db, trading: TradingService, userId: number, def: TaskDef): string | null {
  return db.transaction((): string | null => {
    const task = tasksOf(db, userId).find((t) => t.taskId === def.id)!;
    if (task.status === 'claimed') return 'this reward was already claimed';
    if (task.status !== 'claimable') return 'this task is not finished yet';
    db.prepare('INSERT INTO reward_claims (user_id, task_id, coin, amount, claimed_at) VALUES (?, ?, ?, ?, ?)').run(userId, def.id, def.coin, def.reward, Date.now());
    trading.adjustFunds(userId, [{ coin: def.coin, delta: amount(def.reward) }], 'reward');
    return null;
  })();
}
