/**
 * How much storage.session holds, and what a stored value costs of it.
 * Chrome's quota is 10 MB (`storage.session.QUOTA_BYTES`, counted as each
 * key and the JSON of its value); Firefox keeps the same limit. A tabs run,
 * and the links of a text, must fit in what is left for them beside other
 * windows' runs and the clicks' jobs, or a write fails half-way through.
 */
export const SESSION_QUOTA_BYTES = 10 * 1024 * 1024;

/** What one tabs run may take of the quota: half, the rest for other windows and the queue's other jobs. */
export const RUN_BUDGET_BYTES = SESSION_QUOTA_BYTES / 2;

/**
 * What the links of texts (selections, fields) waiting at once may take: a
 * quarter. A field of 200,000 characters of short addresses is some 11,000
 * jobs, 5 MB: a text that would not fit is refused before anything is queued.
 */
export const TEXT_BUDGET_BYTES = SESSION_QUOTA_BYTES / 4;

const encoder = new TextEncoder();

/** The bytes a value takes under a key, as the quota counts them. */
export function storedBytes(key: string, value: unknown): number {
  return encoder.encode(key).length + encoder.encode(JSON.stringify(value)).length;
}
