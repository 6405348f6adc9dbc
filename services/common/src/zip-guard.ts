import { createInflateRaw } from 'node:zlib';
import { ErrorCode } from '@cmp/contracts';
import { AppError } from './app-error';
import { formatBytes, formatCount } from './units';

/** What a spreadsheet may hold before it is parsed (docs/decisions.md, "Spreadsheet import of users"). */
export interface SheetLimits {
  /** Files inside the archive (an .xlsx written by Excel or WPS has 10 to 30). */
  maxEntries: number;
  /** Bytes of all entries once inflated, counted while inflating, never taken from the headers. */
  maxUnpackedBytes: number;
  /** Rows of any one sheet below its header row. */
  maxRows: number;
  /** Cells of the whole workbook, empty formatted ones included: what ExcelJS's memory grows with. */
  maxCells: number;
}

export const SHEET_LIMITS: SheetLimits = { maxEntries: 500, maxUnpackedBytes: 20 * 1024 * 1024, maxRows: 10_000, maxCells: 100_000 };

/** The bytes are not a ZIP archive we can read; the text is for the log only, never for the user. */
export class BrokenZipError extends Error {}

interface Entry {
  name: string;
  method: number;
  flags: number;
  compressedSize: number;
  declaredSize: number;
  localOffset: number;
}

const EOCD_SIG = 0x06054b50;
const CENTRAL_SIG = 0x02014b50;
const LOCAL_SIG = 0x04034b50;
const U32_MAX = 0xffffffff;

const tooManyEntries = (l: SheetLimits) => new AppError(ErrorCode.PAYLOAD_TOO_LARGE, 'import.tooManyParts', { max: formatCount(l.maxEntries) });
const unpacksTooLarge = (l: SheetLimits) => new AppError(ErrorCode.PAYLOAD_TOO_LARGE, 'import.unpacksTooLarge', { limit: formatBytes(l.maxUnpackedBytes) });
const tooManyRows = (l: SheetLimits) => new AppError(ErrorCode.PAYLOAD_TOO_LARGE, 'import.sheetTooManyRows', { max: formatCount(l.maxRows) });
const tooManyCells = (l: SheetLimits) => new AppError(ErrorCode.PAYLOAD_TOO_LARGE, 'import.tooManyCells', { max: formatCount(l.maxCells) });

// Start tags of a row and of a cell, also with a namespace prefix (`<x:row>`); `<col>`, `<cfRule>` or `<c:chart>` do not match.
const ROW_TAG = /<(?:[A-Za-z_][\w.-]{0,15}:)?row[\s/>]/g;
const CELL_TAG = /<(?:[A-Za-z_][\w.-]{0,15}:)?c[\s/>]/g;
/**
 * Tags whose ranges ExcelJS expands into one object per cell, row or column: a merge (`<mergeCell ref>`), a column
 * range (`<col min max>`), a validation (`<dataValidation sqref>`, a list of ranges), and the size a sheet declares
 * (`<dimension ref>`). `<mergeCells>`, `<cols>` or `<dataValidations>` do not match.
 */
const RANGE_TAG = /<(?:[A-Za-z_][\w.-]{0,15}:)?(mergeCell|col|dataValidation|dimension)\s([^>]*)>/g;
/** The columns of a sheet (A to XFD). */
const SHEET_COLUMNS = 16_384;
/** The rows of a sheet. */
const SHEET_ROWS = 1_048_576;

/**
 * Checks an .xlsx (a ZIP archive) against the limits before any parser sees it: the central directory is
 * read here, and every entry is inflated as a stream that stops at the byte budget, so a header that
 * lies about a size gains nothing and memory never holds more than one chunk. Throws AppError (10413)
 * naming the limit passed, or BrokenZipError when the archive is not readable.
 */
export async function checkZipLimits(buf: Buffer, limits: SheetLimits = SHEET_LIMITS): Promise<void> {
  const entries = centralDirectory(buf, limits);
  // The declared sizes refuse an honest bomb without inflating anything.
  if (entries.reduce((sum, e) => sum + e.declaredSize, 0) > limits.maxUnpackedBytes) throw unpacksTooLarge(limits);
  let unpacked = 0;
  let cells = 0;
  // The header row is allowed on top of maxRows.
  const lastRow = limits.maxRows + 1;
  for (const entry of entries) {
    const rowTags = new TagCounter(ROW_TAG);
    const cellTags = new TagCounter(CELL_TAG);
    // Only a workbook's XML has range tags; other archives (a bill's CSV, where a `<` may be text) have no such limits.
    const rangeTags = Number.isFinite(limits.maxRows) || Number.isFinite(limits.maxCells) ? new RangeScanner() : null;
    let rows = 0;
    await eachChunk(buf, entry, (chunk) => {
      unpacked += chunk.length;
      if (unpacked > limits.maxUnpackedBytes) throw unpacksTooLarge(limits);
      rows += rowTags.feed(chunk);
      if (rows > lastRow) throw tooManyRows(limits);
      cells += cellTags.feed(chunk);
      for (const range of rangeTags?.feed(chunk) ?? []) {
        if (range.lastRow > lastRow) throw tooManyRows(limits);
        // A declared size only names the rows: its cells are the ones counted above (a sparse sheet declares more).
        if (range.tag === 'dimension') continue;
        // Merges, columns and validations make objects of their own.
        cells += range.size;
        if (cells > limits.maxCells) throw tooManyCells(limits);
      }
      if (cells > limits.maxCells) throw tooManyCells(limits);
    });
  }
}

/** The entries listed by the central directory (the list a ZIP reader such as JSZip goes by). */
function centralDirectory(buf: Buffer, limits: SheetLimits): Entry[] {
  const eocd = endOfCentralDirectory(buf);
  const declaredCount = buf.readUInt16LE(eocd + 10);
  // 0xffff also means "see the ZIP64 record": either way far more than a spreadsheet holds.
  if (declaredCount > limits.maxEntries) throw tooManyEntries(limits);
  const size = buf.readUInt32LE(eocd + 12);
  const start = buf.readUInt32LE(eocd + 16);
  // The directory must end where the end record starts: with a gap, JSZip would shift every offset (it takes
  // the gap for bytes prepended to the archive) and read other bytes than the ones checked here.
  if (start + size !== eocd) throw new BrokenZipError('central directory does not end at the end record');
  const entries: Entry[] = [];
  for (let pos = start; pos < start + size; ) {
    if (pos + 46 > eocd || buf.readUInt32LE(pos) !== CENTRAL_SIG) throw new BrokenZipError(`bad central directory entry at ${pos}`);
    // The count in the end record may lie too: the directory itself is counted.
    if (entries.length === limits.maxEntries) throw tooManyEntries(limits);
    const nameLength = buf.readUInt16LE(pos + 28);
    const extraLength = buf.readUInt16LE(pos + 30);
    const commentLength = buf.readUInt16LE(pos + 32);
    const entry: Entry = {
      name: buf.toString('utf8', pos + 46, pos + 46 + nameLength),
      flags: buf.readUInt16LE(pos + 8),
      method: buf.readUInt16LE(pos + 10),
      compressedSize: buf.readUInt32LE(pos + 20),
      declaredSize: buf.readUInt32LE(pos + 24),
      localOffset: buf.readUInt32LE(pos + 42),
    };
    readZip64Sizes(entry, buf.subarray(pos + 46 + nameLength, pos + 46 + nameLength + extraLength));
    entries.push(entry);
    pos += 46 + nameLength + extraLength + commentLength;
    if (pos > start + size) throw new BrokenZipError('central directory entry beyond its end');
  }
  return entries;
}

function endOfCentralDirectory(buf: Buffer): number {
  const lowest = Math.max(0, buf.length - 22 - 0xffff); // the record is 22 bytes plus a comment of up to 64 KB
  for (let i = buf.length - 22; i >= lowest; i--) if (buf.readUInt32LE(i) === EOCD_SIG) return i;
  throw new BrokenZipError('no end of central directory record');
}

/**
 * Sizes and offsets of 0xffffffff are in the ZIP64 extra field (id 1), in this order, each only when needed.
 * The last such field counts, as in JSZip, so both read the same bytes.
 */
function readZip64Sizes(entry: Entry, extra: Buffer): void {
  const fields = (['declaredSize', 'compressedSize', 'localOffset'] as const).filter((f) => entry[f] === U32_MAX);
  if (!fields.length) return;
  let zip64: Buffer | undefined;
  for (let pos = 0; pos + 4 <= extra.length; pos += 4 + extra.readUInt16LE(pos + 2)) {
    if (extra.readUInt16LE(pos) === 1) zip64 = extra.subarray(pos + 4, pos + 4 + extra.readUInt16LE(pos + 2));
  }
  if (!zip64 || zip64.length < fields.length * 8) throw new BrokenZipError(`${entry.name}: missing ZIP64 sizes`);
  const values = fields.map((_, i) => Number(zip64.readBigUInt64LE(i * 8)));
  fields.forEach((f, i) => (entry[f] = values[i]));
}

/** Hands the entry's inflated bytes to `onChunk` a chunk at a time; an error thrown there stops inflating. */
async function eachChunk(buf: Buffer, entry: Entry, onChunk: (chunk: Buffer) => void): Promise<void> {
  const at = entry.localOffset;
  if (at + 30 > buf.length || buf.readUInt32LE(at) !== LOCAL_SIG) throw new BrokenZipError(`${entry.name}: no local header`);
  if (entry.flags & 1) throw new BrokenZipError(`${entry.name}: encrypted`);
  const dataStart = at + 30 + buf.readUInt16LE(at + 26) + buf.readUInt16LE(at + 28);
  const data = buf.subarray(dataStart, dataStart + entry.compressedSize);
  if (dataStart + entry.compressedSize > buf.length) throw new BrokenZipError(`${entry.name}: data beyond the end of the file`);
  if (entry.method === 0) return onChunk(data); // stored
  if (entry.method !== 8) throw new BrokenZipError(`${entry.name}: compression method ${entry.method}`);
  const inflater = createInflateRaw();
  inflater.end(data);
  try {
    for await (const chunk of inflater) onChunk(chunk as Buffer);
  } catch (e) {
    if (e instanceof AppError) throw e;
    throw new BrokenZipError(`${entry.name}: ${(e as Error).message}`);
  } finally {
    inflater.destroy();
  }
}

/**
 * Counts the matches of a tag pattern across chunks. The last bytes of a chunk are kept so a tag cut in two is
 * counted once, when it completes.
 */
class TagCounter {
  private static readonly KEEP = 32; // longer than the longest tag the patterns match
  private tail = '';

  constructor(private readonly tag: RegExp) {}

  /** The tags completed by this chunk. */
  feed(chunk: Buffer): number {
    const text = this.tail + chunk.toString('latin1'); // the tags are ASCII; other bytes never form them
    let found = 0;
    for (const m of text.matchAll(this.tag)) if (m.index + m[0].length > this.tail.length) found++;
    this.tail = text.slice(-TagCounter.KEEP);
    return found;
  }
}

/** What one range tag asks the parser to build: `size` cells (columns for `<col>`), down to row `lastRow`. */
interface DeclaredRange {
  tag: string;
  size: number;
  lastRow: number;
}

/** A tag longer than this is no spreadsheet's (their attributes are a few short values); kept whole, it would grow without end. */
const MAX_TAG_CHARS = 64 * 1024;

/**
 * Reads the range tags (RANGE_TAG) across chunks: text after a `<` whose tag has not ended yet is kept for the next
 * chunk, so every tag is read once and whole, however long its attributes. Throws BrokenZipError for a range that
 * cannot be read: ExcelJS might still read it, so it is never let through unread.
 */
class RangeScanner {
  private tail = '';

  feed(chunk: Buffer): DeclaredRange[] {
    let text = this.tail + chunk.toString('latin1');
    const open = text.lastIndexOf('<');
    this.tail = open >= 0 && text.indexOf('>', open) < 0 ? text.slice(open) : '';
    if (this.tail) text = text.slice(0, open);
    if (this.tail.length > MAX_TAG_CHARS) throw new BrokenZipError(`a tag longer than ${MAX_TAG_CHARS} characters`);
    return [...text.matchAll(RANGE_TAG)].map((m) => declaredRange(m[1], attributes(m[2])));
  }
}

/** A tag's attributes by name (without namespace prefix), character references decoded as the XML parser does. */
function attributes(text: string): Map<string, string> {
  const out = new Map<string, string>();
  for (const m of text.matchAll(/(?:[\w.-]+:)?([\w.-]+)\s*=\s*(?:"([^"]*)"|'([^']*)')/g)) {
    const value = (m[2] ?? m[3]).replace(/&#(x[0-9a-fA-F]{1,6}|[0-9]{1,7});/g, (_, n: string) =>
      String.fromCodePoint(Math.min(n[0] === 'x' ? parseInt(n.slice(1), 16) : Number(n), 0x10ffff)),
    );
    out.set(m[1], value);
  }
  return out;
}

function declaredRange(tag: string, attrs: Map<string, string>): DeclaredRange {
  if (tag === 'col') {
    const min = wholeNumber(attrs.get('min') ?? '1');
    const max = wholeNumber(attrs.get('max') ?? String(min));
    return { tag, size: Math.max(0, max - min + 1), lastRow: 0 };
  }
  // A validation's sqref is a list of ranges; the others name one. Without one, the tag adds nothing.
  const list = (tag === 'dataValidation' ? attrs.get('sqref') : attrs.get('ref'))?.trim();
  let size = 0;
  let lastRow = 0;
  for (const ref of list ? list.split(/\s+/) : []) {
    const [from, to = from] = ref.split(':');
    const start = cellAddress(from, 1);
    const end = cellAddress(to, Infinity);
    size += (Math.abs(end.row - start.row) + 1) * (Math.abs(end.column - start.column) + 1);
    lastRow = Math.max(lastRow, start.row, end.row);
  }
  // ExcelJS keeps a validation per cell but makes no rows for it: only its cells count.
  return { tag, size, lastRow: tag === 'dataValidation' ? 0 : lastRow };
}

function wholeNumber(text: string): number {
  if (!/^\s*\d{1,15}\s*$/.test(text)) throw new BrokenZipError(`not a column number: ${text.slice(0, 40)}`);
  return Number(text);
}

/**
 * `B2` or `$B$2`; a row or column alone (`2`, `B`) is read as all of it: from its first cell at the start of a range,
 * to its last at the end (`edge` 1 or Infinity), so a range is never taken for smaller than it is.
 */
function cellAddress(address: string, edge: number): { row: number; column: number } {
  const m = /^\$?([A-Za-z]{0,3})\$?(\d{0,7})$/.exec(address.trim());
  if (!m || (!m[1] && !m[2])) throw new BrokenZipError(`not a cell address: ${address.slice(0, 40)}`);
  const column = m[1] ? [...m[1].toUpperCase()].reduce((n, ch) => n * 26 + ch.charCodeAt(0) - 64, 0) : Math.min(edge, SHEET_COLUMNS);
  return { row: m[2] ? Number(m[2]) : Math.min(edge, SHEET_ROWS), column };
}
