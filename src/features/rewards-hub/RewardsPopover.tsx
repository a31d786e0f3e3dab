import { useEffect, useState, type RefObject } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router-dom';
import { claimReward, fetchRewardTasks } from '../../api/rewards.ts';
import { formatGrouped } from '../../core/format.ts';
import type { RewardTask } from '../../protocol/rewards.ts';
import { useSignals } from '../../state/signals.ts';
import { pushToast } from '../../state/toasts.ts';
import { isLoggedIn } from '../../state/account/user.ts';
import { Button } from '../../ui/Button.tsx';
import { Popover } from '../../ui/Popover.tsx';
import { Spinner } from '../../ui/Spinner.tsx';
import { authLink } from '../login-prompt/login-links.ts';
import './rewards-hub.css';

/** The rewards hub's tasks with their progress; a reward is said claimed once the exchange credited it. */
export function RewardsPopover({ triggerRef, onClose }: { triggerRef: RefObject<HTMLButtonElement | null>; onClose: () => void }) {
  useSignals();
  const { t } = useTranslation();
  const { pathname, search } = useLocation();
  const loggedIn = isLoggedIn.value;
  const [tasks, setTasks] = useState<RewardTask[] | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [claiming, setClaiming] = useState<string | null>(null);

  useEffect(() => {
    if (!loggedIn) return;
    const ctrl = new AbortController();
    fetchRewardTasks(ctrl.signal).then(setTasks, (err: unknown) => {
      if (!ctrl.signal.aborted) setError(err instanceof Error ? err.message : String(err));
    });
    return () => ctrl.abort();
  }, [loggedIn]);

  const claim = async (task: RewardTask) => {
    setClaiming(task.taskId);
    try {
      setTasks(await claimReward(task.taskId));
      pushToast({ kind: 'success', key: 'rewards.claimed', params: { amount: task.reward, coin: task.coin } });
    } catch (err) {
      pushToast({ kind: 'error', titleKey: 'errorCodes:operationFail', text: err instanceof Error ? err.message : String(err) });
    } finally {
      setClaiming(null);
    }
  };

  return (
    <Popover triggerRef={triggerRef} label={t('rewards.title')} onClose={onClose} placement="top end" className="rewards-hub">
      <h2 className="rewards-hub__title">{t('rewards.title')}</h2>
      {!loggedIn ? (
        <p>
          <a href={authLink('register', pathname, search)}>{t('rewards.signUp')}</a>
        </p>
      ) : error ? (
        <p role="alert">{t('rewards.loadFailed', { reason: error })}</p>
      ) : !tasks ? (
        <Spinner label={t('loading')} />
      ) : (
        <ul className="rewards-hub__tasks">
          {tasks.map((task) => (
            <li key={task.taskId} className="rewards-hub__task" data-task={task.taskId}>
              <span className="rewards-hub__name">{t(`rewards.task.${task.taskId}`, { defaultValue: task.taskId })}</span>
              <span className="rewards-hub__reward num">
                {formatGrouped(task.reward, 0)} {task.coin}
              </span>
              <span className="rewards-hub__progress num">
                {t('rewards.progress', { progress: formatGrouped(task.progress, task.target.includes('.') ? 2 : 0), target: formatGrouped(task.target, 0) })}
              </span>
              {task.status === 'claimed' ? (
                <span className="rewards-hub__done">{t('rewards.done')}</span>
              ) : (
                <Button variant="primary" disabled={task.status !== 'claimable' || claiming !== null} onClick={() => void claim(task)}>
                  {claiming === task.taskId ? t('rewards.claiming') : t('rewards.claim')}
                </Button>
              )}
            </li>
          ))}
        </ul>
      )}
    </Popover>
  );
}
