import { useEffect, type RefObject } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router-dom';
import { formatGrouped } from '../../core/format.ts';
import { claimingReward, claimReward, rewardTasks, rewardTasksError, watchRewardTasks } from '../../state/account/rewards.ts';
import { useSignals } from '../../state/signals.ts';
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
  useEffect(watchRewardTasks, []);
  const tasks = rewardTasks.value;
  const error = rewardTasksError.value;
  const claiming = claimingReward.value;

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
                <Button variant="primary" disabled={task.status !== 'claimable' || claiming !== null} onClick={() => void claimReward(task)}>
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
