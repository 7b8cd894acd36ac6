/** The optional permission that reveals other tabs' addresses (manifest.json): asked for by "Shorten all tabs", checked by the worker, given back from the settings page. */
export const TABS_PERMISSION = { permissions: ['tabs' as const] };
