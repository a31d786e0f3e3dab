import { REWARD_CLAIM_PATH, REWARDS_HUB_PATH, decodeRewardTasks, type RewardTask } from '../protocol/rewards.ts';
import { ApiError, isRecord, requestJson } from './http.ts';

function listOf(data: unknown): RewardTask[] {
  if (!isRecord(data) || data.success !== true || !isRecord(data.result)) {
    throw new ApiError(isRecord(data) && typeof data.message === 'string' ? data.message : 'rewards request failed', 'parse', 200);
  }
  return decodeRewardTasks(data.result.list);
}

export async function fetchRewardTasks(signal?: AbortSignal): Promise<RewardTask[]> {
  return listOf(await requestJson(REWARDS_HUB_PATH, { signal }));
}

/** Claims one task's reward; resolves with the tasks as the exchange now has them. */
export async function claimReward(taskId: string): Promise<RewardTask[]> {
  return listOf(await requestJson(REWARD_CLAIM_PATH, { method: 'POST', body: { taskId } }));
}
