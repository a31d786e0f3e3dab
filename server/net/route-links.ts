import { faultScopeOf } from '../exchange/faults/scope.ts';

/** The quality of one route's link as a client sees it. */
export interface LinkQuality {
  latencyMs: number;
  jitterMs: number;
  /** Share of requests (0..1) dropped before anything reaches the exchange. */
  loss: number;
  /** Every request and socket is cut at once (and open sockets are cut when it is set). */
  dead: boolean;
}

export const PERFECT_LINK: LinkQuality = { latencyMs: 0, jitterMs: 0, loss: 0, dead: false };

type CutListener = (route: string, scope: string | undefined) => void;

/**
 * Each route's link quality: the one it was started with, and per fault scope (the `fault_scope`
 * cookie) what a test set through /faults/route, so tests running side by side never share a
 * slow or dead route.
 */
export class RouteLinks {
  private readonly base = new Map<string, LinkQuality>();
  private readonly scoped = new Map<string, LinkQuality>();
  private readonly cutListeners: CutListener[] = [];

  define(route: string, q: Partial<LinkQuality>): void {
    const { latencyMs = 0, jitterMs = 0, loss = 0, dead = false } = q;
    this.base.set(route, { latencyMs, jitterMs, loss, dead });
  }

  has(route: string): boolean {
    return this.base.has(route);
  }

  /** Sets a route's quality for one scope (or for everyone); a dead link cuts its open sockets. */
  set(route: string, q: Partial<LinkQuality>, scope?: string): LinkQuality {
    const current = scope === undefined ? this.base.get(route) : (this.scoped.get(`${scope} ${route}`) ?? this.base.get(route));
    const next = { ...PERFECT_LINK, ...current, ...q };
    if (scope === undefined) this.base.set(route, next);
    else this.scoped.set(`${scope} ${route}`, next);
    if (next.dead) for (const fn of this.cutListeners) fn(route, scope);
    return next;
  }

  /** Forgets one scope's settings (or, without a scope, every scope's). */
  clear(scope?: string): void {
    if (scope === undefined) this.scoped.clear();
    else for (const key of [...this.scoped.keys()]) if (key.startsWith(`${scope} `)) this.scoped.delete(key);
  }

  /** The quality a request carrying this Cookie header gets on this route. */
  qualityFor(route: string, cookieHeader: string | undefined): LinkQuality {
    const scope = faultScopeOf(cookieHeader);
    return (scope !== undefined ? this.scoped.get(`${scope} ${route}`) : undefined) ?? this.base.get(route) ?? PERFECT_LINK;
  }

  /** Called when a route becomes dead for a scope (undefined: for everyone). */
  onCut(fn: CutListener): void {
    this.cutListeners.push(fn);
  }
}

/** The added delay of one request: latency ± jitter, never negative. */
export function delayOf(q: LinkQuality, random: () => number): number {
  return Math.max(0, Math.round(q.latencyMs + (random() * 2 - 1) * q.jitterMs));
}

/** True when this request is lost (dead link, or the loss roll). */
export function isLost(q: LinkQuality, random: () => number): boolean {
  return q.dead || (q.loss > 0 && random() < q.loss);
}

/** True when the link adds nothing (the common case, kept cheap). */
export function isPerfect(q: LinkQuality): boolean {
  return q.latencyMs === 0 && q.jitterMs === 0 && q.loss === 0 && !q.dead;
}
