/** Keeps the latest report until someone listens, then passes each on. */
export interface Relay<Report> {
  report(value: Report): void;
  listen(listener: (value: Report) => void): void;
}

export function relay<Report>(): Relay<Report> {
  let latest: Report | undefined;
  let listener: ((value: Report) => void) | undefined;
  return {
    report(value) {
      latest = value;
      listener?.(value);
    },
    listen(next) {
      listener = next;
      if (latest !== undefined) next(latest);
    },
  };
}
