import { crc32, inflateRawSync } from 'node:zlib';

export interface ZipRecord {
  name: string;
  data: Buffer;
  /** DOS time and date words, as stored in both headers. */
  time: number;
  date: number;
  /** The high byte: 3 is Unix, whose mode unzip then applies. */
  madeBy: number;
  /** The Unix mode (type and permissions) in the external attributes. */
  mode: number;
  flags: number;
}

/**
 * Reads a zip the way an unzip tool does, from the central directory, and
 * checks what the writer must keep consistent: each local header agrees with
 * its directory entry, the entries are contiguous, and the data inflates to
 * the recorded size and CRC. Enough for scripts/lib/zip.ts's output (deflate,
 * no zip64, no comment); anything else throws.
 */
export function readZip(zip: Buffer): ZipRecord[] {
  const end = zip.length - 22;
  if (end < 0 || zip.readUInt32LE(end) !== 0x06054b50) throw new Error('No end-of-central-directory record at the end (a comment, or not a zip).');
  const count = zip.readUInt16LE(end + 10);
  const directoryEnd = zip.readUInt32LE(end + 16) + zip.readUInt32LE(end + 12);
  if (directoryEnd !== end) throw new Error('The central directory does not end where the end record starts.');
  const records: ZipRecord[] = [];
  let at = zip.readUInt32LE(end + 16);
  let expectedLocal = 0;
  for (let index = 0; index < count; index += 1) {
    if (zip.readUInt32LE(at) !== 0x02014b50) throw new Error(`Entry ${index}: no central directory header.`);
    const nameLength = zip.readUInt16LE(at + 28);
    const extraAndComment = zip.readUInt16LE(at + 30) + zip.readUInt16LE(at + 32);
    const name = zip.toString('utf8', at + 46, at + 46 + nameLength);
    const central = {
      flags: zip.readUInt16LE(at + 8),
      method: zip.readUInt16LE(at + 10),
      time: zip.readUInt16LE(at + 12),
      date: zip.readUInt16LE(at + 14),
      crc: zip.readUInt32LE(at + 16),
      compressed: zip.readUInt32LE(at + 20),
      size: zip.readUInt32LE(at + 24),
    };
    const localAt = zip.readUInt32LE(at + 42);
    if (localAt !== expectedLocal) throw new Error(`${name}: its data is not right after the previous entry's.`);
    const local = {
      flags: zip.readUInt16LE(localAt + 6),
      method: zip.readUInt16LE(localAt + 8),
      time: zip.readUInt16LE(localAt + 10),
      date: zip.readUInt16LE(localAt + 12),
      crc: zip.readUInt32LE(localAt + 14),
      compressed: zip.readUInt32LE(localAt + 18),
      size: zip.readUInt32LE(localAt + 22),
    };
    if (zip.readUInt32LE(localAt) !== 0x04034b50 || JSON.stringify(local) !== JSON.stringify(central)) throw new Error(`${name}: the local header disagrees with the central directory.`);
    const localName = zip.toString('utf8', localAt + 30, localAt + 30 + zip.readUInt16LE(localAt + 26));
    if (localName !== name || zip.readUInt16LE(localAt + 28) !== 0) throw new Error(`${name}: the local header names ${localName} or has extra fields.`);
    const dataAt = localAt + 30 + nameLength;
    if (central.method !== 8) throw new Error(`${name}: compression method ${central.method}, not deflate.`);
    const data = inflateRawSync(zip.subarray(dataAt, dataAt + central.compressed));
    if (data.length !== central.size || crc32(data) !== central.crc) throw new Error(`${name}: the data does not match its recorded size or CRC.`);
    records.push({ name, data, time: central.time, date: central.date, madeBy: zip.readUInt16LE(at + 4) >> 8, mode: zip.readUInt32LE(at + 38) >>> 16, flags: central.flags });
    expectedLocal = dataAt + central.compressed;
    at += 46 + nameLength + extraAndComment;
  }
  if (expectedLocal !== zip.readUInt32LE(end + 16)) throw new Error('Bytes between the last entry and the central directory.');
  if (at !== end) throw new Error('The central directory holds more than its entries.');
  return records;
}
