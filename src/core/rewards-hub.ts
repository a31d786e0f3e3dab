/**
 * Spec 6: the rewards hub shows when compliance allows it and the user is logged out, or logged
 * in on an account that is neither demo nor EAA.
 */
export function rewardsHubAllowed(c: { rewardsHub: boolean }, u: { loggedIn: boolean; isDemo: boolean; isEAA: boolean }): boolean {
  return c.rewardsHub && (!u.loggedIn || (!u.isDemo && !u.isEAA));
}
