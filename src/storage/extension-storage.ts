import { browser } from '../platform/browser';
import type { StorageAreaLike } from './settings';

/** The only storage area settings live in: never storage.sync, so the token stays on this device. */
export const localArea: StorageAreaLike = browser.storage.local;
