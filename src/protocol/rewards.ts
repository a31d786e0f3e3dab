// The rewards hub (spec 2.16, 6) between the exchange and the page (page envelope).

export const REWARDS_HUB_PATH = '/api/rewards/tasks';
export const REWARD_CLAIM_PATH = '/api/rewards/claim';

export type RewardStatus = 'inProgress' | 'claimable' | 'claimed';

export interface RewardTask {
  taskId: string;
  coin: string;
  /** Decimal amounts as text. */
  reward: string;
  progress: string;
  target: string;
  status: RewardStatus;
}

const STATUSES: readonly string[] = ['inProgress', 'claimable', 'claimed'];
const DECIMAL = /^\d{1,30}(\.\d{1,30})?$/;

/** The tasks of an answer's `list`; entries that are not tasks are left out. */
export function decodeRewardTasks(list: unknown): RewardTask[] {
  if (!Array.isArray(list)) return [];
  return list.filter((t): t is RewardTask => {
    if (typeof t !== 'object' || t === null) return false;
    const r = t as Record<string, unknown>;
    return (
      typeof r.taskId === 'string' && /^[a-z0-9-]{1,64}$/.test(r.taskId) && typeof r.coin === 'string' && /^[A-Z0-9]{1,16}$/.test(r.coin) &&
      [r.reward, r.progress, r.target].every((v) => typeof v === 'string' && DECIMAL.test(v)) && STATUSES.includes(r.status as string)
    );
  });
}
