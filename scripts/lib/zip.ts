import { readFile, readdir } from 'node:fs/promises';
import { join, relative, sep } from 'node:path';
import { crc32, deflateRawSync } from 'node:zlib';

export interface ZipEntry {
  /** Relative, forward-slash path inside the zip. */
  name: string;
  data: Uint8Array;
}

// Everything that could differ between two machines is fixed: the DOS
// timestamp (1980-01-01 00:00, the earliest a zip can hold), the "made by"
// system (Unix, so unzip applies the mode below) and the mode itself (a
// regular file, 0644, whatever the umask or checkout made of it).
const DOS_TIME = 0;
const DOS_DATE = 0x21;
const MADE_BY_UNIX = (3 << 8) | 20;
const REGULAR_FILE_0644 = (0o100644 << 16) >>> 0;
const UTF8_NAMES = 0x0800;
const DEFLATE = 8;
const MAX_32 = 0xffffffff;

/**
 * A deflated .zip of `entries`, in sorted order with fixed timestamps and
 * modes, so the same files always give the same bytes (for a given zlib: see
 * scripts/package/SOURCE-README.md). No zip64: a store upload is far below 4 GiB.
 */
export function zipEntries(entries: readonly ZipEntry[]): Buffer {
  const sorted = entries.toSorted((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
  for (const [index, entry] of sorted.entries()) {
    assertSafeName(entry.name);
    if (index > 0 && sorted[index - 1]?.name === entry.name) throw new Error(`The zip would hold ${entry.name} twice.`);
  }
  if (sorted.length > 0xffff) throw new Error(`${sorted.length} entries need zip64, which this writer does not do.`);
  const locals: Buffer[] = [];
  const centrals: Buffer[] = [];
  let offset = 0;
  for (const { name, data } of sorted) {
    const compressed = deflateRawSync(data, { level: 9 });
    if (data.length > MAX_32 || offset > MAX_32) throw new Error(`${name} needs zip64, which this writer does not do.`);
    const nameBytes = Buffer.from(name, 'utf8');
    const crc = crc32(data);
    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0);
    local.writeUInt16LE(20, 4); // version needed: 2.0 (deflate)
    local.writeUInt16LE(UTF8_NAMES, 6);
    local.writeUInt16LE(DEFLATE, 8);
    local.writeUInt16LE(DOS_TIME, 10);
    local.writeUInt16LE(DOS_DATE, 12);
    local.writeUInt32LE(crc, 14);
    local.writeUInt32LE(compressed.length, 18);
    local.writeUInt32LE(data.length, 22);
    local.writeUInt16LE(nameBytes.length, 26);
    const central = Buffer.alloc(46);
    central.writeUInt32LE(0x02014b50, 0);
    central.writeUInt16LE(MADE_BY_UNIX, 4);
    central.writeUInt16LE(20, 6);
    central.writeUInt16LE(UTF8_NAMES, 8);
    central.writeUInt16LE(DEFLATE, 10);
    central.writeUInt16LE(DOS_TIME, 12);
    central.writeUInt16LE(DOS_DATE, 14);
    central.writeUInt32LE(crc, 16);
    central.writeUInt32LE(compressed.length, 20);
    central.writeUInt32LE(data.length, 24);
    central.writeUInt16LE(nameBytes.length, 28);
    central.writeUInt32LE(REGULAR_FILE_0644, 38);
    central.writeUInt32LE(offset, 42);
    locals.push(local, nameBytes, compressed);
    centrals.push(central, nameBytes);
    offset += local.length + nameBytes.length + compressed.length;
  }
  const directory = Buffer.concat(centrals);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(sorted.length, 8);
  end.writeUInt16LE(sorted.length, 10);
  end.writeUInt32LE(directory.length, 12);
  end.writeUInt32LE(offset, 16);
  return Buffer.concat([...locals, directory, end]);
}

/** A zip of the files `names` (relative, forward-slash paths) under `root`, each stored under its own name. */
export async function zipFiles(root: string, names: readonly string[]): Promise<Buffer> {
  return zipEntries(await Promise.all(names.map(async (name) => ({ name, data: await readFile(join(root, name)) }))));
}

/**
 * A zip of every file under `dir`: what a store upload of a build would be,
 * and what the size budget measures.
 */
export async function zipDirectory(dir: string): Promise<Buffer> {
  const names = (await readdir(dir, { recursive: true, withFileTypes: true }))
    .filter((entry) => entry.isFile())
    .map((entry) => relative(dir, join(entry.parentPath, entry.name)).split(sep).join('/'));
  return zipFiles(dir, names);
}

/** Unzip tools write names as paths: one that climbs out of the target folder or names a root is refused here. */
function assertSafeName(name: string): void {
  const unsafe = name === '' || name.startsWith('/') || /^[a-z]:/i.test(name) || name.includes('\\') || name.split('/').some((part) => part === '' || part === '.' || part === '..');
  if (unsafe) throw new Error(`Refusing the zip entry name ${JSON.stringify(name)}: names must be relative forward-slash paths without "." or ".." parts.`);
}
