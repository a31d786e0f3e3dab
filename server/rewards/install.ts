import type { FastifyRequest } from 'fastify';
import { sendPage } from '../accounts/http-util.ts';
import { getUser } from '../accounts/users.ts';
import { isSameOrigin } from '../auth/same-origin.ts';
import { sessionUserId } from '../auth/session.ts';
import { jsonBody } from '../http/request.ts';
import { object, text } from '../http/schemas.ts';
import type { RouteContext } from '../private/routes/context.ts';
import { REWARDS_HUB_PATH, REWARD_CLAIM_PATH } from '../../src/protocol/rewards.ts';
import { claimReward, REWARD_TASKS, tasksOf } from './tasks.ts';

const CODE_PARAM = 10001;
const CODE_FORBIDDEN = 10005;
const CODE_NOT_LOGGED_IN = 10007;

/**
 * The rewards hub (spec 2.16, 6): each task's progress from the account's own records, and a claim
 * that credits the reward once (the claim row and the credit in one transaction). Demo and EAA
 * accounts have no rewards hub (spec 6); the page does not show it to them and the exchange refuses.
 */
export function installRewards(rc: RouteContext): void {
  const { db } = rc;
  const { trading } = rc.services;
  const app = rc.router;
  const eligible = (userId: number): string | null => {
    const u = getUser(db, userId);
    if (!u || u.is_system === 1) return 'unknown account';
    if (u.is_demo === 1) return 'the demo account does not support the rewards hub';
    if (u.is_eaa === 1) return 'the rewards hub is not available for this account';
    return null;
  };

  app.get(REWARDS_HUB_PATH, { config: { api: 'page' } }, (request: FastifyRequest, res) => {
    const userId = sessionUserId(db, request.raw);
    if (userId === undefined) return sendPage(res, 401, CODE_NOT_LOGGED_IN, 'not logged in');
    const refused = eligible(userId);
    if (refused) return sendPage(res, 403, CODE_FORBIDDEN, refused);
    sendPage(res, 200, 0, 'OK', { list: tasksOf(db, userId) });
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
    const outcome = claimReward(db, trading, userId, def);
    if (outcome) return sendPage(res, 400, CODE_PARAM, outcome);
    sendPage(res, 200, 0, 'OK', { list: tasksOf(db, userId) });
  });
}
