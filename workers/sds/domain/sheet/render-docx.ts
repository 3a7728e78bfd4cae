/**
 * Lays a sheet out as a DOCX, writing its WordprocessingML directly (ECMA-376 Part 1): branded
 * header, "Page x of y" footer, title block with the dates and the draft notice on page 1, one
 * heading per section and subsection, tables whose header rows repeat on every page,
 * pictograms as PNG images (rasterised at build time from the GHS SVGs, see
 * scripts/sds/build-data.ts). Strings are joined once; the parts that never change are packed
 * once per isolate (ooxml/fixed-parts.ts), the images stored as they are (zip.ts). Issue 39:
 * the `docx` library's object model and XML writer cost over 95 % of a sheet's CPU.
 */
import pictogramsJson from '../../data/pictograms.json'
import type { Pictogram } from '../ghs/allocation'
import { PICTOGRAM_NAMES } from '../ghs/engine'
import type { Block, Sheet } from './model'
import { DECL, fixedParts, R, W } from './ooxml/fixed-parts'
import { clean, esc } from './ooxml/xml'
import { type PackedPart, packPart, storedPart, zipParts } from './zip'

const encoder = new TextEncoder()
const ACCENT = '1F3864'
const HEADER_FILL = 'D9E2F3'

const PAGE = {
  // US Letter and ISO A4, in twentieths of a point; the text block is the width less 2 × 1000.
  us: { width: 12240, height: 15840 },
  eu: { width: 11906, height: 16838 },
}
const MARGIN = { top: 1100, bottom: 1000, left: 1000, right: 1000, header: 500, footer: 450 }

/** A pictogram's PNG, stored in the package as it is; one per code per isolate. */
const pictogramParts = new Map<string, PackedPart>()
function pictogramPart(code: Pictogram): PackedPart {
  let part = pictogramParts.get(code)
  if (!part) {
    const b64 = (pictogramsJson.png as Record<string, string>)[code]
    part = storedPart(
      `word/media/${code}.png`,
      Uint8Array.from(atob(b64), (c) => c.charCodeAt(0))
    )
    pictogramParts.set(code, part)
  }
  return part
}

type RunStyle = { bold?: boolean; italics?: boolean; size?: number; color?: string }
type ParaStyle = {
  style?: string
  align?: 'center' | 'right'
  keepNext?: boolean
  fill?: string
  before?: number
  after?: number
  border?: string
}

function rPr(o: RunStyle): string {
  const b = o.bold ? '<w:b/><w:bCs/>' : ''
  const i = o.italics ? '<w:i/><w:iCs/>' : ''
  const c = o.color ? `<w:color w:val="${o.color}"/>` : ''
  const s = o.size ? `<w:sz w:val="${o.size}"/><w:szCs w:val="${o.size}"/>` : ''
  const all = b + i + c + s
  return all ? `<w:rPr>${all}</w:rPr>` : ''
}

const run = (text: string, o: RunStyle = {}) => `<w:r>${rPr(o)}<w:t xml:space="preserve">${esc(text)}</w:t></w:r>`

function pPr(o: ParaStyle): string {
  let x = ''
  if (o.style) x += `<w:pStyle w:val="${o.style}"/>`
  if (o.keepNext) x += '<w:keepNext/>'
  if (o.border) x += `<w:pBdr>${o.border}</w:pBdr>`
  if (o.fill) x += `<w:shd w:val="clear" w:color="auto" w:fill="${o.fill}"/>`
  if (o.before !== undefined || o.after !== undefined)
    x += `<w:spacing${o.before !== undefined ? ` w:before="${o.before}"` : ''}${o.after !== undefined ? ` w:after="${o.after}"` : ''}/>`
  if (o.align) x += `<w:jc w:val="${o.align}"/>`
  return x ? `<w:pPr>${x}</w:pPr>` : ''
}

const paragraph = (runs: string, o: ParaStyle = {}) => `<w:p>${pPr(o)}${runs}</w:p>`
const para = (text: string, o: RunStyle = {}) => paragraph(run(text, o), { after: 80 })
const SPACER = paragraph('', { after: 60 })

// Set once per table (tblCellMar), not on every cell: the same layout in a quarter less XML.
const CELL_MARGINS =
  '<w:tblCellMar><w:top w:w="40" w:type="dxa"/><w:left w:w="80" w:type="dxa"/><w:bottom w:w="40" w:type="dxa"/><w:right w:w="80" w:type="dxa"/></w:tblCellMar>'
const SINGLE = 'w:val="single" w:sz="4" w:space="0" w:color="auto"'
const GRID_BORDERS = `<w:tblBorders><w:top ${SINGLE}/><w:left ${SINGLE}/><w:bottom ${SINGLE}/><w:right ${SINGLE}/><w:insideH ${SINGLE}/><w:insideV ${SINGLE}/></w:tblBorders>`
const NONE = 'w:val="none" w:sz="0" w:space="0" w:color="FFFFFF"'
const NO_BORDERS = `<w:tblBorders><w:top ${NONE}/><w:left ${NONE}/><w:bottom ${NONE}/><w:right ${NONE}/><w:insideH ${NONE}/><w:insideV ${NONE}/></w:tblBorders>`

function cell(text: string, width: number, o: { header?: boolean; bold?: boolean }): string {
  const fill = o.header ? `<w:shd w:val="clear" w:color="auto" w:fill="${HEADER_FILL}"/>` : ''
  const style = { bold: o.header || o.bold, size: 18 }
  const lines = clean(text).split('\n')
  let body = ''
  for (const line of lines) body += `<w:p>${run(line, style)}</w:p>`
  return `<w:tc><w:tcPr><w:tcW w:w="${width * 50}" w:type="pct"/>${fill}</w:tcPr>${body}</w:tc>`
}

/** A full-width table whose first row repeats at the top of every page it spans. */
function table(header: string[], rows: string[][], widths: number[], textWidth: number): string {
  const grid = widths.map((w) => `<w:gridCol w:w="${Math.round((w / 100) * textWidth)}"/>`).join('')
  const boldFirst = widths.length === 2 && widths[0] <= 20
  let x = `<w:tbl><w:tblPr><w:tblW w:w="5000" w:type="pct"/>${GRID_BORDERS}${CELL_MARGINS}</w:tblPr><w:tblGrid>${grid}</w:tblGrid>`
  x += '<w:tr><w:trPr><w:cantSplit/><w:tblHeader/></w:trPr>'
  for (let i = 0; i < header.length; i++) x += cell(header[i], widths[i], { header: true })
  x += '</w:tr>'
  for (const r of rows) {
    x += '<w:tr><w:trPr><w:cantSplit/></w:trPr>'
    for (let i = 0; i < r.length; i++) x += cell(r[i], widths[i], { bold: i === 0 && boldFirst })
    x += '</w:tr>'
  }
  return `${x}</w:tbl>`
}

/** Pictograms of one document: their relationship ids and the drawing ids they take. */
class Images {
  readonly used = new Map<Pictogram, string>()
  private drawings = 0
  constructor(private firstRel: number) {}
  drawing(code: Pictogram): string {
    let rel = this.used.get(code)
    if (!rel) {
      rel = `rId${this.firstRel + this.used.size}`
      this.used.set(code, rel)
    }
    const id = ++this.drawings
    const emu = 64 * 9525 // 64 px at 96 dpi, in EMU
    const descr = esc(`GHS pictogram ${code}: ${PICTOGRAM_NAMES[code]}`)
    return `<w:r><w:drawing><wp:inline distT="0" distB="0" distL="0" distR="0"><wp:extent cx="${emu}" cy="${emu}"/><wp:effectExtent l="0" t="0" r="0" b="0"/><wp:docPr id="${id}" name="${code}" descr="${descr}" title="${code}"/><wp:cNvGraphicFramePr><a:graphicFrameLocks xmlns:a="http://schemas.openxmlformats.org/drawingml/2006/main" noChangeAspect="1"/></wp:cNvGraphicFramePr><a:graphic xmlns:a="http://schemas.openxmlformats.org/drawingml/2006/main"><a:graphicData uri="http://schemas.openxmlformats.org/drawingml/2006/picture"><pic:pic xmlns:pic="http://schemas.openxmlformats.org/drawingml/2006/picture"><pic:nvPicPr><pic:cNvPr id="${id}" name="${code}.png"/><pic:cNvPicPr><a:picLocks noChangeAspect="1"/></pic:cNvPicPr></pic:nvPicPr><pic:blipFill><a:blip r:embed="${rel}"/><a:stretch><a:fillRect/></a:stretch></pic:blipFill><pic:spPr><a:xfrm><a:off x="0" y="0"/><a:ext cx="${emu}" cy="${emu}"/></a:xfrm><a:prstGeom prst="rect"><a:avLst/></a:prstGeom></pic:spPr></pic:pic></a:graphicData></a:graphic></wp:inline></w:drawing></w:r>`
  }
}

function pictogramTable(codes: Pictogram[], images: Images): string {
  let x = `<w:tbl><w:tblPr><w:tblW w:w="0" w:type="auto"/>${NO_BORDERS}</w:tblPr><w:tblGrid>${'<w:gridCol w:w="1300"/>'.repeat(codes.length)}</w:tblGrid><w:tr><w:trPr><w:cantSplit/></w:trPr>`
  for (const code of codes) {
    x += `<w:tc><w:tcPr><w:tcW w:w="1300" w:type="dxa"/></w:tcPr>${paragraph(images.drawing(code), { align: 'center' })}${paragraph(run(code, { size: 14 }), { align: 'center' })}</w:tc>`
  }
  return `${x}</w:tr></w:tbl>`
}

function renderBlock(b: Block, images: Images, textWidth: number): string {
  switch (b.kind) {
    case 'p':
      return para(b.text, { bold: b.style === 'strong', italics: b.style === 'note', size: b.style === 'note' ? 17 : undefined })
    case 'fields':
      return table(['Item', 'Information'], b.rows, [35, 65], textWidth) + SPACER
    case 'statements':
      return b.items.length
        ? table(
            ['Code', b.title],
            b.items.map((s) => [s.code, s.text]),
            [18, 82],
            textWidth
          ) + SPACER
        : ''
    case 'table':
      return (
        table(b.header, b.rows, b.header.length === 2 ? [40, 60] : b.header.map(() => Math.floor(100 / b.header.length)), textWidth) +
        SPACER
      )
    case 'pictograms':
      return pictogramTable(b.codes, images) + SPACER
  }
}

function titleBlock(sheet: Sheet, textWidth: number): string {
  const dateLine =
    sheet.jurisdiction === 'eu'
      ? `Date of compilation: ${sheet.date}    Revision date: ${sheet.date}    Version: ${sheet.version}`
      : `Date of preparation: ${sheet.date}    Revision date: ${sheet.date}    Version: ${sheet.version}`
  const notice =
    `<w:tbl><w:tblPr><w:tblW w:w="5000" w:type="pct"/>${GRID_BORDERS}</w:tblPr><w:tblGrid><w:gridCol w:w="${textWidth}"/></w:tblGrid><w:tr><w:tc><w:tcPr><w:shd w:val="clear" w:color="auto" w:fill="FDE9E7"/><w:tcMar><w:top w:w="80" w:type="dxa"/><w:left w:w="120" w:type="dxa"/><w:bottom w:w="80" w:type="dxa"/><w:right w:w="120" w:type="dxa"/></w:tcMar></w:tcPr>` +
    `<w:p>${run(sheet.draftNotice, { bold: true, color: 'B00020', size: 18 })}</w:p></w:tc></w:tr></w:tbl>`
  let x = paragraph(run(sheet.title.toUpperCase(), { bold: true, size: 32, color: ACCENT }), { style: 'Title', align: 'center' })
  x += paragraph(run(sheet.regulation, { italics: true, size: 18 }), { align: 'center' })
  x += paragraph(run(sheet.productName, { bold: true, size: 28 }), { align: 'center', before: 120 })
  for (const line of sheet.companyLines) x += paragraph(run(line, { size: 18 }), { align: 'center' })
  x += paragraph(run(dateLine, { size: 18 }), { align: 'center', before: 120, after: 120 })
  return x + notice + SPACER
}

function body(sheet: Sheet, images: Images, textWidth: number): string {
  let x = titleBlock(sheet, textWidth)
  for (const section of sheet.sections) {
    x += paragraph(run(`SECTION ${section.number}: ${section.title}`, { bold: true, color: 'FFFFFF', size: 22 }), {
      style: 'Heading1',
      keepNext: true,
      fill: ACCENT,
      before: 240,
      after: 80,
    })
    if (section.note) x += para(section.note, { italics: true, size: 17 })
    for (const s of section.subsections) {
      x += paragraph(run(s.heading, { bold: true, size: 20, color: ACCENT }), { style: 'Heading2', keepNext: true, before: 120, after: 60 })
      for (const b of s.blocks) x += renderBlock(b, images, textWidth)
    }
  }
  return x
}

const ROOT_NS = `xmlns:w="${W}" xmlns:r="${R}" xmlns:wp="http://schemas.openxmlformats.org/drawingml/2006/wordprocessingDrawing"`

function header(sheet: Sheet): string {
  let x = sheet.banner ? paragraph(run(sheet.banner, { bold: true, size: 20, color: 'B00020' }), { align: 'center' }) : ''
  x += paragraph(
    run(sheet.headerLine, { bold: true, size: 18, color: ACCENT }) + run(`    Safety Data Sheet: ${sheet.productName}`, { size: 16 }),
    {
      border: `<w:bottom w:val="single" w:sz="6" w:space="2" w:color="${ACCENT}"/>`,
    }
  )
  if (sheet.companyLines.length > 1) x += paragraph(run(sheet.companyLines.slice(1).join('  |  '), { size: 14 }))
  return `${DECL}<w:hdr ${ROOT_NS}>${x}</w:hdr>`
}

function footer(sheet: Sheet): string {
  const size = { size: 16 }
  const field = (instr: string) =>
    `<w:r>${rPr(size)}<w:fldChar w:fldCharType="begin"/></w:r><w:r>${rPr(size)}<w:instrText xml:space="preserve">${instr}</w:instrText></w:r><w:r>${rPr(size)}<w:fldChar w:fldCharType="separate"/></w:r><w:r>${rPr(size)}<w:fldChar w:fldCharType="end"/></w:r>`
  const x =
    paragraph(run(`Revision date: ${sheet.date}   Version: ${sheet.version}   DRAFT: to be reviewed by a competent person`, { size: 14 }), {
      border: `<w:top w:val="single" w:sz="4" w:space="2" w:color="${ACCENT}"/>`,
    }) + paragraph(run('Page ', size) + field('PAGE') + run(' of ', size) + field('NUMPAGES'), { align: 'right' })
  return `${DECL}<w:ftr ${ROOT_NS}>${x}</w:ftr>`
}

function core(sheet: Sheet): string {
  const when = `${sheet.date}T00:00:00Z`
  return `${DECL}<cp:coreProperties xmlns:cp="http://schemas.openxmlformats.org/package/2006/metadata/core-properties" xmlns:dc="http://purl.org/dc/elements/1.1/" xmlns:dcterms="http://purl.org/dc/terms/" xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance"><dc:title>${esc(`Safety Data Sheet: ${sheet.productName}`)}</dc:title><dc:creator>${esc(sheet.headerLine)}</dc:creator><dc:description>${esc(sheet.regulation)}</dc:description><cp:revision>1</cp:revision><dcterms:created xsi:type="dcterms:W3CDTF">${when}</dcterms:created><dcterms:modified xsi:type="dcterms:W3CDTF">${when}</dcterms:modified></cp:coreProperties>`
}

/** The document part, its relationships, and the pictograms it shows. */
function documentParts(sheet: Sheet) {
  const page = PAGE[sheet.jurisdiction]
  const textWidth = page.width - MARGIN.left - MARGIN.right
  // rId1-4: styles, settings, header, footer; images from rId5.
  const images = new Images(5)
  const content = body(sheet, images, textWidth)
  const sect = `<w:sectPr><w:headerReference w:type="default" r:id="rId3"/><w:footerReference w:type="default" r:id="rId4"/><w:pgSz w:w="${page.width}" w:h="${page.height}"/><w:pgMar w:top="${MARGIN.top}" w:right="${MARGIN.right}" w:bottom="${MARGIN.bottom}" w:left="${MARGIN.left}" w:header="${MARGIN.header}" w:footer="${MARGIN.footer}" w:gutter="0"/></w:sectPr>`
  const document = `${DECL}<w:document ${ROOT_NS}><w:body>${content}${sect}</w:body></w:document>`
  let rels = `${DECL}<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="${R}/styles" Target="styles.xml"/><Relationship Id="rId2" Type="${R}/settings" Target="settings.xml"/><Relationship Id="rId3" Type="${R}/header" Target="header1.xml"/><Relationship Id="rId4" Type="${R}/footer" Target="footer1.xml"/>`
  for (const [code, rel] of images.used) rels += `<Relationship Id="${rel}" Type="${R}/image" Target="media/${code}.png"/>`
  rels += '</Relationships>'
  return { document, rels, pictograms: [...images.used.keys()] }
}

export async function renderDocx(sheet: Sheet): Promise<Uint8Array> {
  const fixed = await fixedParts()
  const { document, rels, pictograms } = documentParts(sheet)
  // Only the body is worth a compressor: each CompressionStream costs about as much to set up
  // as deflating the few hundred bytes of the other per-sheet parts saves.
  return zipParts([
    fixed.contentTypes,
    fixed.packageRels,
    await packPart('word/document.xml', document),
    storedPart('word/_rels/document.xml.rels', encoder.encode(rels)),
    fixed.styles,
    fixed.settings,
    storedPart('word/header1.xml', encoder.encode(header(sheet))),
    storedPart('word/footer1.xml', encoder.encode(footer(sheet))),
    ...pictograms.map(pictogramPart),
    storedPart('docProps/core.xml', encoder.encode(core(sheet))),
    fixed.app,
  ])
}
