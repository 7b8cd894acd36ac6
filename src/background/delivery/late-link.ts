/**
 * A click's link that comes more than this long after the click is late: not
 * copied but offered (clipboard-rule.ts). A module of its own, importing
 * nothing, so that the soak (scripts/lib/soak-bench.ts) judges by the same bound.
 */
export const LATE_AFTER_MS = 30_000;
