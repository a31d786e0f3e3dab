import { useEffect, useState } from 'react';
import { fetchLtInfo, fetchLtReference, followLtNav, type LtInfo, type LtState } from '../../api/lever-tokens.ts';

export interface LtMarket {
  info: LtInfo | null;
  state: LtState | null;
  error: boolean;
}

/** A token's rules (info) and its live state: the reference answer, then every NAV push. */
export function useLtMarket(ltCoin: string): LtMarket {
  const [info, setInfo] = useState<LtInfo | null>(null);
  const [state, setState] = useState<LtState | null>(null);
  const [error, setError] = useState(false);
  useEffect(() => {
    let live = true;
    setInfo(null);
    setState(null);
    setError(false);
    fetchLtInfo(ltCoin).then((i) => live && setInfo(i), () => live && setError(true));
    fetchLtReference(ltCoin).then((s) => live && setState((prev) => prev ?? s), () => live && setError(true));
    const stop = followLtNav(ltCoin, (s) => live && setState(s));
    return () => {
      live = false;
      stop();
    };
  }, [ltCoin]);
  return { info, state, error };
}
