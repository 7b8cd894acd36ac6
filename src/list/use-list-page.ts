import { useEffect, useRef, useState } from 'preact/hooks';
import type { ListConnector } from './list-connector';
import { heard, initialPage, lost, type ListPage, type Step } from './list-machine';

/** Plays an event on the page as it stands then. */
export type Act = <Args extends unknown[]>(event: (page: ListPage, ...args: Args) => Step, ...args: Args) => void;

/**
 * The page's state and its events (list-machine.ts): each event a pure step,
 * its effect run through the connector. Connected to the worker once, at the
 * first render.
 */
export function useListPage(connector: ListConnector): [ListPage, Act] {
  const [page, setPage] = useState(initialPage);
  // The page as the last event left it: events come faster than renders (a message right after a click).
  const current = useRef(page);
  const act: Act = (event, ...args) => {
    const [next, effect] = event(current.current, ...args);
    current.current = next;
    setPage(next);
    effect?.(connector);
  };
  useEffect(() => {
    connector.connect(
      (message) => act(heard, message),
      () => act(lost),
    );
    // Once per page: the connector's port outlives renders.
  }, []);
  return [page, act];
}
