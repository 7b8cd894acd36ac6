import { useEffect, useState } from 'preact/hooks';

/** Whole seconds until `untilMs` (Date.now() time), counted down once a second; undefined when there is no end. */
export function useSecondsLeft(untilMs: number | undefined): number | undefined {
  const left = () => (untilMs === undefined ? undefined : Math.max(0, Math.ceil((untilMs - Date.now()) / 1000)));
  const [seconds, setSeconds] = useState(left);
  useEffect(() => {
    setSeconds(left());
    if (untilMs === undefined) return;
    const tick = window.setInterval(() => setSeconds(left()), 1000);
    return () => window.clearInterval(tick);
  }, [untilMs]);
  return seconds;
}
