import { browser } from '../platform/browser';
import type { StorageAreaLike } from './settings';
import { migratedArea } from './settings-migrations';

/**
 * The only storage area settings live in: never storage.sync, so the token
 * stays on this device. Its first use in each context brings the stored
 * settings up to date (settings-migrations.ts).
 */
export const localArea: StorageAreaLike = migratedArea(browser.storage.local);
