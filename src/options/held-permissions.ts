import { useEffect, useState } from 'preact/hooks';
import { hostPermissionPattern } from '../platform/host-permission';
import type { Words } from '../platform/words';
import type { HeldPermission, OptionsConnector } from './options-connector';
import { errorText } from '../platform/error-text';

/** One optional permission as the settings page lists it: what it is, and why the extension holds it. */
export type PermissionRow = { permission: HeldPermission } & ({ kind: 'tabs' } | { kind: 'host'; host: string; forServer: boolean });

export interface HeldPermissions {
  /** Undefined until read. */
  rows: PermissionRow[] | undefined;
  /** What the last "Give back" came to. */
  status: string;
  giveBack(permission: HeldPermission): void;
}

/**
 * The optional permissions the extension holds, kept up to date (a tabs run
 * or another page may grant one meanwhile), each with why and a way to give
 * it back. (Host access "Test connection" asks for is given back by the
 * worker when the page is left without saving that server.)
 */
export function useHeldPermissions(connector: OptionsConnector, savedServers: readonly string[], words: Words): HeldPermissions {
  const { t } = words;
  const [held, setHeld] = useState<HeldPermission[] | undefined>(undefined);
  const [status, setStatus] = useState('');

  useEffect(() => {
    let live = true;
    const read = () =>
      connector.heldPermissions().then(
        (current) => live && setHeld(current),
        (error: unknown) => console.warn('Shrtnr: the permissions held could not be read.', errorText(error)),
      );
    void read();
    const unsubscribe = connector.onPermissionsChange(() => void read());
    return () => {
      live = false;
      unsubscribe();
    };
  }, [connector]);

  const giveBack = (permission: HeldPermission) => {
    connector.givePermissionBack(permission).then(
      () => setStatus(t('optionsPermissionGivenBack')),
      (error: unknown) => setStatus(t('optionsPermissionNotGivenBack', errorText(error))),
    );
  };

  // Access an account's server uses (the list says so beside it).
  const forServers = new Set(savedServers.filter((server) => URL.canParse(server)).map(hostPermissionPattern));
  const rows = held?.map((permission): PermissionRow =>
    permission.kind === 'tabs' ? { permission, kind: 'tabs' } : { permission, kind: 'host', host: hostOfPattern(permission.pattern), forServer: forServers.has(permission.pattern) },
  );
  return { rows, status, giveBack };
}

/** `https://host/*` → `host`. */
function hostOfPattern(pattern: string): string {
  return pattern.replace(/^[a-z*]+:\/\//, '').replace(/\/.*$/, '');
}
