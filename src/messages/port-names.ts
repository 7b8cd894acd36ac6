/** Each port's name, which both of its ends use: the page's module (`open…`) and the worker's (`serve…`). */
export const PORT_NAMES = {
  /** The popup's shortening (shorten-port.ts). */
  shorten: 'shorten',
  /** "Shorten all tabs" (bulk-port.ts). */
  bulk: 'bulk',
  /** "Shorten a list", the list page's (list-port.ts). */
  list: 'list',
  /** The settings page's host access on trial (host-access-trial-port.ts). */
  hostAccessTrial: 'host-access-trial',
} as const;
