// The rewards hub (spec 2.16): the logged-in user's tasks with their progress, read once while the
// popover shows, and claiming a reward: said claimed only once the exchange credited it, with the
// tasks as the exchange's answer has them.
import { claimReward as claimOnExchange, fetchRewardTasks } from '../../api/rewards.ts';
import type { RewardTask } from '../../protocol/rewards.ts';
import { createPoll } from '../poll.ts';
import { computed, effect, signal } from '../signals.ts';
import { pushToast } from '../toasts.ts';
import { isLoggedIn } from './user.ts';

export type { RewardTask } from '../../protocol/rewards.ts';

const tasks = createPoll<RewardTask[], RewardTask[] | null>({ read: (signal) => fetchRewardTasks(signal), everyMs: null, initial: null });

/** The tasks; null before the answer. */
export const rewardTasks = computed(() => tasks.data.value);
/** Why the tasks could not be read (the server's message), or null. */
export const rewardTasksError = computed(() => tasks.status.value.error);
/** The task whose reward is being claimed, or null. */
export const claimingReward = signal<string | null>(null);

/** Reads the tasks (once, when logged in) while the caller holds it; returns the release. */
export function watchRewardTasks(): () => void {
  return effect(() => (isLoggedIn.value ? tasks.use() : undefined));
}

/** Claims one task's reward; the toast says the exchange's answer. */
export async function claimReward(task: RewardTask): Promise<void> {
  if (claimingReward.peek() !== null) return;
  claimingReward.value = task.taskId;
  try {
    tasks.apply(await claimOnExchange(task.taskId));
    pushToast({ kind: 'success', key: 'rewards.claimed', params: { amount: task.reward, coin: task.coin } });
  } catch (err) {
    pushToast({ kind: 'error', titleKey: 'errorCodes:operationFail', text: err instanceof Error ? err.message : String(err) });
  } finally {
    claimingReward.value = null;
  }
}
