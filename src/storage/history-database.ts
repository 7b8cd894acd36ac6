/** The history database's name, shared by every context of the extension. */
export const DATABASE_NAME = 'shrtnr-history';

/**
 * 1: `entries` (keyed by short link, indexed by createdAt and by
 * [server, longUrl]) and `meta`. 2: the imported index, so that trimming
 * drops imported entries first (issue 19).
 */
export const DATABASE_VERSION = 2;

/**
 * Imported entries by date: [origin, createdAt]. A record without `origin`
 * (made here, every record of version 1 among them) is not in it at all.
 */
export const IMPORTED_INDEX = 'origin-createdAt';

/**
 * Brings the database from `oldVersion` (0: it did not exist) to
 * DATABASE_VERSION, within the upgrade's own transaction. Records are left as
 * they are: a version 1 record carries no mark, and counts as made here.
 */
export function upgradeHistoryDatabase(db: IDBDatabase, upgrade: IDBTransaction, oldVersion: number): void {
  if (oldVersion < 1) {
    const entries = db.createObjectStore('entries', { keyPath: 'shortUrl' });
    entries.createIndex('createdAt', 'createdAt');
    entries.createIndex('server-longUrl', ['server', 'longUrl']);
    db.createObjectStore('meta');
  }
  if (oldVersion < 2) upgrade.objectStore('entries').createIndex(IMPORTED_INDEX, ['origin', 'createdAt']);
}
