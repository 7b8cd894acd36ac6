/**
 * How much storage.session holds, and what a stored value costs of it.
 * Chrome's quota is 10 MB (`storage.session.QUOTA_BYTES`, counted as each
 * key and the JSON of its value); Firefox keeps the same limit. A tabs run
 * must fit in what is left for it beside other windows' runs and the clicks'
 * jobs, or a write fails half-way through the run.
 */
export const SESSION_QUOTA_BYTES = 10 * 1024 * 1024;

/** What one tabs run may take of the quota: half, the rest for other windows and the queue's other jobs. */
export const RUN_BUDGET_BYTES = SESSION_QUOTA_BYTES / 2;

const encoder = new TextEncoder();

/** The bytes a value takes under a key, as the quota counts them. */
export function storedBytes(key: string, value: unknown): number {
  return encoder.encode(key).length + encoder.encode(JSON.stringify(value)).length;
}
