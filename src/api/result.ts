/** A value or a typed error, so callers must handle both and nothing is thrown across module boundaries. */
export type Result<T, E> = { ok: true; value: T } | { ok: false; error: E };

export const success = <T>(value: T): { ok: true; value: T } => ({ ok: true, value });
export const failure = <E>(error: E): { ok: false; error: E } => ({ ok: false, error });
