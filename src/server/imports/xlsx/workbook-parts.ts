import { posix } from 'node:path';
import { getFormatFromId } from 'numfmt';
import { centralDirectory, entryStream, type ZipEntry } from '../zip-entries';
import { parseXml, unescapeOoxml } from './xml';

/** What reading the first sheet's cells needs from the rest of the workbook. */
export interface WorkbookParts {
  /** The first sheet, as the workbook lists its sheets (not as the archive orders its parts). */
  sheet: ZipEntry;
  /** Dates count days from 1904-01-01 rather than from 1900 (older Mac workbooks). */
  date1904: boolean;
  /** The number format of each cell style, by the style's index (a cell's `s`). */
  formats: string[];
  /** The shared strings, by index (a `t="s"` cell's value). */
  strings: string[];
}

const GENERAL = 'General';

/**
 * Finds and reads the parts a sheet's cells refer to (the workbook, its relationships, its
 * styles and shared strings) by name, through the archive's directory, before any row is read:
 * writers put them in any order (SheetJS and exceljs write the workbook after the sheets).
 * Returns null for a workbook without them.
 */
export async function readWorkbookParts(zip: Buffer): Promise<WorkbookParts | null> {
  const entries = centralDirectory(zip);
  if (!entries) return null;
  // Part names are case-insensitive, and some writers start them with a '/'.
  const byName = new Map(entries.map((entry) => [partName(entry.name), entry]));
  const part = (name: string) => {
    const entry = byName.get(partName(name));
    return entry && entryStream(zip, entry);
  };

  const root = await relationships(part('_rels/.rels'), '');
  const workbookName = targetOfType(root, 'officeDocument') ?? 'xl/workbook.xml';
  const workbookStream = part(workbookName);
  if (!workbookStream) return null;
  const book = await workbook(workbookStream);
  const folder = posix.dirname(workbookName);
  const rels = await relationships(
    part(posix.join(folder, '_rels', `${posix.basename(workbookName)}.rels`)),
    folder,
  );
  const sheetName = book.firstSheetId && rels.get(book.firstSheetId)?.target;
  const sheet = sheetName ? byName.get(partName(sheetName)) : undefined;
  if (!sheet) return null;
  const stylesStream = part(targetOfType(rels, 'styles') ?? posix.join(folder, 'styles.xml'));
  const stringsStream = part(
    targetOfType(rels, 'sharedStrings') ?? posix.join(folder, 'sharedStrings.xml'),
  );
  return {
    sheet,
    date1904: book.date1904,
    formats: stylesStream ? await cellFormats(stylesStream) : [],
    strings: stringsStream ? await sharedStrings(stringsStream) : [],
  };
}

const partName = (name: string) => name.replace(/^\//, '').toLowerCase();

type Stream = NonNullable<ReturnType<typeof entryStream>>;
type Relationships = Map<string, { type: string; target: string }>;

/** A part's relationships by id, targets as part names (relative to `folder` unless absolute). */
async function relationships(stream: Stream | null | undefined, folder: string) {
  const rels: Relationships = new Map();
  if (!stream) return rels;
  await parseXml(stream, {
    open(name, { Id, Type, Target, TargetMode }) {
      if (name !== 'Relationship' || !Id || !Target || TargetMode === 'External') return;
      const target = Target.startsWith('/')
        ? Target.slice(1)
        : posix.normalize(posix.join(folder, Target));
      rels.set(Id, { type: Type ?? '', target });
    },
  });
  return rels;
}

/** The target of the first relationship whose type ends in `/kind`. */
const targetOfType = (rels: Relationships, kind: string) =>
  [...rels.values()].find(({ type }) => type.endsWith(`/${kind}`))?.target;

async function workbook(stream: Stream) {
  let date1904 = false;
  let firstSheetId: string | undefined;
  await parseXml(stream, {
    open(name, attributes) {
      if (name === 'workbookPr') {
        date1904 = attributes.date1904 === '1' || attributes.date1904 === 'true';
      } else if (name === 'sheet') firstSheetId ??= attributes.id;
    },
  });
  return { date1904, firstSheetId };
}

/** Each cell style's number format: a custom one by its code, a built-in one by its id. */
async function cellFormats(stream: Stream): Promise<string[]> {
  const custom = new Map<number, string>();
  const formatIds: number[] = [];
  let inCellStyles = false;
  await parseXml(stream, {
    open(name, attributes) {
      if (name === 'numFmt') {
        custom.set(Number(attributes.numFmtId), attributes.formatCode ?? GENERAL);
      } else if (name === 'cellXfs') inCellStyles = true;
      else if (name === 'xf' && inCellStyles) formatIds.push(Number(attributes.numFmtId ?? 0));
    },
    close(name) {
      if (name === 'cellXfs') inCellStyles = false;
    },
  });
  return formatIds.map((id) => custom.get(id) ?? builtInFormat(id));
}

function builtInFormat(id: number): string {
  try {
    return getFormatFromId(id) ?? GENERAL;
  } catch {
    return GENERAL;
  }
}

/** Each shared string's text: plain or the runs of rich text, without phonetic guides. */
async function sharedStrings(stream: Stream): Promise<string[]> {
  const strings: string[] = [];
  let text = '';
  let inText = false;
  let inPhonetic = false;
  await parseXml(stream, {
    open(name) {
      if (name === 'si') text = '';
      else if (name === 'rPh') inPhonetic = true;
      else if (name === 't') inText = !inPhonetic;
    },
    text(value) {
      if (inText) text += value;
    },
    close(name) {
      if (name === 't') inText = false;
      else if (name === 'rPh') inPhonetic = false;
      else if (name === 'si') strings.push(unescapeOoxml(text));
    },
  });
  return strings;
}
