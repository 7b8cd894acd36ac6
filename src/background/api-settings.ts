import type { ShrtnrSettings } from '../api';
import { localArea } from '../storage/extension-storage';
import { readSettings } from '../storage/settings';

/** The API settings as stored; the token never leaves the worker through this. */
export async function readApiSettings(): Promise<ShrtnrSettings> {
  const { token, serverUrl } = await readSettings(localArea, ['token', 'serverUrl']);
  return { token, serverUrl };
}
