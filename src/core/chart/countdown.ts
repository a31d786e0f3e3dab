// The opening countdown of spec 4.1 / 9: whole seconds left, split into h/m/s, hours capped at 99.

export const COUNTDOWN_TICK_MS = 100;
export const MAX_COUNTDOWN_HOURS = 99;
/** The symbol opens this long after the countdown reaches zero (spec 4.1 step 7, spec 9). */
export const SYMBOL_OPEN_DELAY_MS = 1000;
/** After being hidden this long the notice is fetched again (spec 4.1 step 6). */
export const NOTICE_REFRESH_HIDDEN_MS = 60_000;

export interface CountdownParts {
  hours: number;
  minutes: number;
  seconds: number;
  done: boolean;
}

/** Time left until `openAt` at server time `now`, rounded up to whole seconds. */
export function countdownParts(openAt: number, now: number): CountdownParts {
  const left = Math.max(0, Math.ceil((openAt - now) / 1000));
  const hours = Math.floor(left / 3600);
  return {
    hours: Math.min(MAX_COUNTDOWN_HOURS, hours),
    minutes: Math.floor((left % 3600) / 60),
    seconds: left % 60,
    done: left === 0,
  };
}

export const two = (n: number) => (n < 10 ? `0${n}` : String(n));
