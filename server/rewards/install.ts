import type { FastifyRequest } from 'fastify';
import type { AppContext } from '../app.ts';
import type { Db } from '../accounts/db.ts';
import { sendPage } from '../accounts/http-util.ts';
import { getUser } from '../accounts/users.ts';
import { isSameOrigin } from '../auth/same-origin.ts';
import { sessionUserId } from '../auth/session.ts';
import { jsonBody } from '../http/request.ts';
import { object, text } from '../http/schemas.ts';
import type { TradingService } from '../private/engines/trading.ts';
import { amount, fxPlain } from '../../src/core/decimal.ts';
import { REWARDS_HUB_PATH, REWARD_CLAIM_PATH, type RewardTask } from '../../src/protocol/rewards.ts';

interface TaskDef {
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

const CODE_PARAM = 10001;
const CODE_FORBIDDEN = 10005;
const CODE_NOT_LOGGED_IN = 10007;

/**
 * The rewards hub (spec 2.16, 6): each task's progress from the account's own records, and a claim
 * that credits the reward once (the claim row and the credit in one transaction). Demo and EAA
 * accounts have no rewards hub (spec 6); the page does not show it to them and the exchange refuses.
 */
export function installRewards(ctx: AppContext, db: Db, trading: TradingService): void {
  const app = ctx.router;
  const eligible = (userId: number): string | null => {
    const u = getUser(db, userId);
    if (!u || u.is_system === 1) return 'unknown account';
    if (u.is_demo === 1) return 'the demo account does not support the rewards hub';
    if (u.is_eaa === 1) return 'the rewards hub is not available for this account';
    return null;
  };
  const tasksOf = (userId: number): RewardTask[] => {
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
  };

  app.get(REWARDS_HUB_PATH, { config: { api: 'page' } }, (request: FastifyRequest, res) => {
    const userId = sessionUserId(db, request.raw);
    if (userId === undefined) return sendPage(res, 401, CODE_NOT_LOGGED_IN, 'not logged in');
    const refused = eligible(userId);
    if (refused) return sendPage(res, 403, CODE_FORBIDDEN, refused);
    sendPage(res, 200, 0, 'OK', { list: tasksOf(userId) });
  });

  app.post(REWARD_CLAIM_PATH, { config: { api: 'page' }, bodyLimit: 1024, preValidation: jsonBody('page'), schema: { body: object({ taskId: text(64) }, ['taskId']) } }, (request, res) => {
    if (!isSameOrigin(request.raw)) return sendPage(res, 403, CODE_FORBIDDEN, 'cross-origin request refused');
    const userId = sessionUserId(db, request.raw);
    if (userId === undefined) return sendPage(res, 401, CODE_NOT_LOGGED_IN, 'not logged in');
    const refused = eligible(userId);
    if (refused) return sendPage(res, 403, CODE_FORBIDDEN, refused);
    const taskId = (request.body as { taskId: string }).taskId;
    const def = REWARD_TASKS.find((t) => t.id === taskId);
    if (!def) return sendPage(res, 400, CODE_PARAM, `unknown task: ${taskId.slice(0, 64)}`);
    const outcome = db.transaction((): string | null => {
      const task = tasksOf(userId).find((t) => t.taskId === taskId)!;
      if (task.status === 'claimed') return 'this reward was already claimed';
      if (task.status !== 'claimable') return 'this task is not finished yet';
      db.prepare('INSERT INTO reward_claims (user_id, task_id, coin, amount, claimed_at) VALUES (?, ?, ?, ?, ?)').run(userId, taskId, def.coin, def.reward, Date.now());
      trading.adjustFunds(userId, [{ coin: def.coin, delta: amount(def.reward) }], 'reward');
      return null;
    })();
    if (outcome) return sendPage(res, 400, CODE_PARAM, outcome);
    sendPage(res, 200, 0, 'OK', { list: tasksOf(userId) });
  });
}
