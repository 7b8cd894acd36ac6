/**
 * Which way in a shortening came from; recorded with each history entry and
 * each queued job. A module of its own, with no side effect: the popup and
 * the port checks read it without loading the schemas.
 */
export const WAYS_IN = ['popup-tab', 'popup-typed', 'menu-link', 'menu-page', 'menu-selection', 'menu-field', 'shortcut', 'omnibox', 'bulk', 'popup-selection', 'list'] as const;
export type WayIn = (typeof WAYS_IN)[number];
