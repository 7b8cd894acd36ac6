/** Small checks for stored values, for the shapes whose schema is written by hand (the worker carries no more schema code than it must). */
export const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null;
export const isFiniteNumber = (value: unknown): value is number => typeof value === 'number' && Number.isFinite(value);
export const isStringArray = (value: unknown): value is string[] => Array.isArray(value) && value.every((item) => typeof item === 'string');
