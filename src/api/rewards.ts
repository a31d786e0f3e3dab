import { REWARD_CLAIM_PATH, REWARDS_HUB_PATH, decodeRewardTasks, type RewardTask } from '../protocol/rewards.ts';
import { requestJson } from './http.ts';
import { pageResult } from './page-envelope.ts';

function listOf(data: unknown): RewardTask[] {
  return decodeRewardTasks(pageResult(data, 'rewards request').list);
}

export async function fetchRewardTasks(signal?: AbortSignal): Promise<RewardTask[]> {
  return listOf(await requestJson(REWARDS_HUB_PATH, { signal }));
}

/** Claims one task's reward; resolves with the tasks as the exchange now has them. */
export async function claimReward(taskId: string): Promise<RewardTask[]> {
  return listOf(await requestJson(REWARD_CLAIM_PATH, { method: 'POST', body: { taskId } }));
}
