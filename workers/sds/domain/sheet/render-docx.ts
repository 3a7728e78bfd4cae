/**
 * Lays a sheet out as a DOCX with the `docx` package: branded header, "Page x of y" footer,
 * title block with the dates and the draft notice on page 1, one heading per section and
 * subsection, tables whose header rows repeat on every page, pictograms as PNG images
 * (rasterised at build time from the GHS SVGs, see scripts/sds/build-data.ts).
 */
import {
  AlignmentType,
  BorderStyle,
  Document,
  Footer,
  Header,
  HeadingLevel,
  ImageRun,
  Packer,
  PageNumber,
  Paragraph,
  ShadingType,
  Table,
  TableCell,
  TableRow,
  TextRun,
  WidthType,
} from 'docx'
import pictogramsJson from '../../data/pictograms.json'
import type { Pictogram } from '../ghs/allocation'
import { PICTOGRAM_NAMES } from '../ghs/engine'
import type { Block, Sheet } from './model'

// Characters XML 1.0 cannot carry; user-supplied branding could contain them.
const INVALID_XML =
  /[\u0000-\u0008\u000b\u000c\u000e-\u001f\ufffe\uffff]|[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/g
const clean = (s: string) => s.replace(INVALID_XML, '')

const ACCENT = '1F3864'
const HEADER_FILL = 'D9E2F3'
const FONT = 'Arial'

const PAGE = {
  // US Letter and ISO A4, in twentieths of a point.
  us: { width: 12240, height: 15840 },
  eu: { width: 11906, height: 16838 },
}

let pictogramBytes: Map<string, Uint8Array> | null = null
function pictogram(code: Pictogram): Uint8Array {
  pictogramBytes ??= new Map()
  let bytes = pictogramBytes.get(code)
  if (!bytes) {
    const b64 = (pictogramsJson.png as Record<string, string>)[code]
    bytes = Uint8Array.from(atob(b64), (c) => c.charCodeAt(0))
    pictogramBytes.set(code, bytes)
  }
  return bytes
}

const run = (text: string, opts: { bold?: boolean; italics?: boolean; size?: number; color?: string } = {}) =>
  new TextRun({ text: clean(text), ...opts })

const para = (text: string, opts: { bold?: boolean; italics?: boolean; size?: number; color?: string } = {}) =>
  new Paragraph({ spacing: { after: 80 }, children: [run(text, opts)] })

function cell(text: string, opts: { header?: boolean; width?: number; bold?: boolean } = {}): TableCell {
  return new TableCell({
    width: opts.width ? { size: opts.width, type: WidthType.PERCENTAGE } : undefined,
    shading: opts.header ? { type: ShadingType.CLEAR, fill: HEADER_FILL, color: 'auto' } : undefined,
    margins: { top: 40, bottom: 40, left: 80, right: 80 },
    children: clean(text)
      .split('\n')
      .map((line) => new Paragraph({ children: [run(line, { bold: opts.header || opts.bold, size: 18 })] })),
  })
}

/** A table whose first row repeats at the top of every page it spans. */
function table(header: string[], rows: string[][], widths: number[]): Table {
  return new Table({
    width: { size: 100, type: WidthType.PERCENTAGE },
    rows: [
      new TableRow({ tableHeader: true, cantSplit: true, children: header.map((h, i) => cell(h, { header: true, width: widths[i] })) }),
      ...rows.map(
        (r) =>
          new TableRow({
            cantSplit: true,
            children: r.map((c, i) => cell(c, { width: widths[i], bold: i === 0 && widths.length === 2 && widths[0] <= 20 })),
          })
      ),
    ],
  })
}

function pictogramTable(codes: Pictogram[]): Table {
  const none = { style: BorderStyle.NONE, size: 0, color: 'FFFFFF' }
  return new Table({
    borders: { top: none, bottom: none, left: none, right: none, insideHorizontal: none, insideVertical: none },
    rows: [
      new TableRow({
        cantSplit: true,
        children: codes.map(
          (code) =>
            new TableCell({
              width: { size: 1300, type: WidthType.DXA },
              children: [
                new Paragraph({
                  alignment: AlignmentType.CENTER,
                  children: [
                    new ImageRun({
                      type: 'png',
                      data: pictogram(code),
                      transformation: { width: 64, height: 64 },
                      altText: { name: code, title: code, description: `GHS pictogram ${code}: ${PICTOGRAM_NAMES[code]}` },
                    }),
                  ],
                }),
                new Paragraph({ alignment: AlignmentType.CENTER, children: [run(code, { size: 14 })] }),
              ],
            })
        ),
      }),
    ],
  })
}

function renderBlock(b: Block): Array<Paragraph | Table> {
  switch (b.kind) {
    case 'p':
      return [para(b.text, { bold: b.style === 'strong', italics: b.style === 'note', size: b.style === 'note' ? 17 : undefined })]
    case 'fields':
      return [table(['Item', 'Information'], b.rows, [35, 65]), spacer()]
    case 'statements':
      return b.items.length
        ? [
            table(
              ['Code', b.title],
              b.items.map((s) => [s.code, s.text]),
              [18, 82]
            ),
            spacer(),
          ]
        : []
    case 'table':
      return [table(b.header, b.rows, b.header.length === 2 ? [40, 60] : b.header.map(() => Math.floor(100 / b.header.length))), spacer()]
    case 'pictograms':
      return [pictogramTable(b.codes), spacer()]
  }
}

const spacer = () => new Paragraph({ spacing: { after: 60 }, children: [] })

function titleBlock(sheet: Sheet): Array<Paragraph | Table> {
  const dateLine =
    sheet.jurisdiction === 'eu'
      ? `Date of compilation: ${sheet.date}    Revision date: ${sheet.date}    Version: ${sheet.version}`
      : `Date of preparation: ${sheet.date}    Revision date: ${sheet.date}    Version: ${sheet.version}`
  const notice = new Table({
    width: { size: 100, type: WidthType.PERCENTAGE },
    rows: [
      new TableRow({
        children: [
          new TableCell({
            shading: { type: ShadingType.CLEAR, fill: 'FDE9E7', color: 'auto' },
            margins: { top: 80, bottom: 80, left: 120, right: 120 },
            children: [new Paragraph({ children: [run(sheet.draftNotice, { bold: true, color: 'B00020', size: 18 })] })],
          }),
        ],
      }),
    ],
  })
  return [
    new Paragraph({
      heading: HeadingLevel.TITLE,
      alignment: AlignmentType.CENTER,
      children: [run(sheet.title.toUpperCase(), { bold: true, size: 32, color: ACCENT })],
    }),
    new Paragraph({ alignment: AlignmentType.CENTER, children: [run(sheet.regulation, { italics: true, size: 18 })] }),
    new Paragraph({
      alignment: AlignmentType.CENTER,
      spacing: { before: 120 },
      children: [run(sheet.productName, { bold: true, size: 28 })],
    }),
    ...sheet.companyLines.map((line) => new Paragraph({ alignment: AlignmentType.CENTER, children: [run(line, { size: 18 })] })),
    new Paragraph({ alignment: AlignmentType.CENTER, spacing: { before: 120, after: 120 }, children: [run(dateLine, { size: 18 })] }),
    notice,
    spacer(),
  ]
}

export function buildDocument(sheet: Sheet): Document {
  const body: Array<Paragraph | Table> = [...titleBlock(sheet)]
  for (const section of sheet.sections) {
    body.push(
      new Paragraph({
        heading: HeadingLevel.HEADING_1,
        keepNext: true,
        spacing: { before: 240, after: 80 },
        shading: { type: ShadingType.CLEAR, fill: ACCENT, color: 'auto' },
        children: [run(`SECTION ${section.number}: ${section.title}`, { bold: true, color: 'FFFFFF', size: 22 })],
      })
    )
    if (section.note) body.push(para(section.note, { italics: true, size: 17 }))
    for (const s of section.subsections) {
      body.push(
        new Paragraph({
          heading: HeadingLevel.HEADING_2,
          keepNext: true,
          spacing: { before: 120, after: 60 },
          children: [run(s.heading, { bold: true, size: 20, color: ACCENT })],
        })
      )
      for (const b of s.blocks) body.push(...renderBlock(b))
    }
  }

  const header = new Header({
    children: [
      ...(sheet.banner
        ? [new Paragraph({ alignment: AlignmentType.CENTER, children: [run(sheet.banner, { bold: true, size: 20, color: 'B00020' })] })]
        : []),
      new Paragraph({
        border: { bottom: { style: BorderStyle.SINGLE, size: 6, color: ACCENT, space: 2 } },
        children: [
          run(sheet.headerLine, { bold: true, size: 18, color: ACCENT }),
          run(`    Safety Data Sheet: ${sheet.productName}`, { size: 16 }),
        ],
      }),
      ...(sheet.companyLines.length > 1
        ? [new Paragraph({ children: [run(sheet.companyLines.slice(1).join('  |  '), { size: 14 })] })]
        : []),
    ],
  })
  const footer = new Footer({
    children: [
      new Paragraph({
        border: { top: { style: BorderStyle.SINGLE, size: 4, color: ACCENT, space: 2 } },
        children: [
          run(`Revision date: ${sheet.date}   Version: ${sheet.version}   DRAFT: to be reviewed by a competent person`, { size: 14 }),
        ],
      }),
      new Paragraph({
        alignment: AlignmentType.RIGHT,
        children: [new TextRun({ font: FONT, size: 16, children: ['Page ', PageNumber.CURRENT, ' of ', PageNumber.TOTAL_PAGES] })],
      }),
    ],
  })

  return new Document({
    creator: clean(sheet.headerLine),
    title: clean(`Safety Data Sheet: ${sheet.productName}`),
    description: sheet.regulation,
    styles: { default: { document: { run: { font: FONT, size: 19 } } } },
    sections: [
      {
        properties: {
          page: {
            size: PAGE[sheet.jurisdiction],
            margin: { top: 1100, bottom: 1000, left: 1000, right: 1000, header: 500, footer: 450 },
          },
        },
        headers: { default: header },
        footers: { default: footer },
        children: body,
      },
    ],
  })
}

export async function renderDocx(sheet: Sheet): Promise<Uint8Array> {
  return new Uint8Array(await Packer.toArrayBuffer(buildDocument(sheet)))
}
