/**
 * The parts of a sheet's DOCX package that never change (ECMA-376 Part 1, WordprocessingML;
 * Part 2, Open Packaging Conventions): content types, package relationships, styles, settings
 * and extended properties. Packed (compressed, CRC computed) once per isolate, not per sheet.
 */
import { type PackedPart, packPart } from '../zip'

const W = 'http://schemas.openxmlformats.org/wordprocessingml/2006/main'
const R = 'http://schemas.openxmlformats.org/officeDocument/2006/relationships'
const DECL = '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>'
const CT = 'application/vnd.openxmlformats-officedocument.wordprocessingml'

const CONTENT_TYPES = `${DECL}<Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"><Default Extension="png" ContentType="image/png"/><Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/><Default Extension="xml" ContentType="application/xml"/><Override PartName="/word/document.xml" ContentType="${CT}.document.main+xml"/><Override PartName="/word/styles.xml" ContentType="${CT}.styles+xml"/><Override PartName="/word/settings.xml" ContentType="${CT}.settings+xml"/><Override PartName="/word/header1.xml" ContentType="${CT}.header+xml"/><Override PartName="/word/footer1.xml" ContentType="${CT}.footer+xml"/><Override PartName="/docProps/core.xml" ContentType="application/vnd.openxmlformats-package.core-properties+xml"/><Override PartName="/docProps/app.xml" ContentType="application/vnd.openxmlformats-officedocument.extended-properties+xml"/></Types>`

const PACKAGE_RELS = `${DECL}<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="${R}/officeDocument" Target="word/document.xml"/><Relationship Id="rId2" Type="http://schemas.openxmlformats.org/package/2006/relationships/metadata/core-properties" Target="docProps/core.xml"/><Relationship Id="rId3" Type="${R}/extended-properties" Target="docProps/app.xml"/></Relationships>`

const APP = `${DECL}<Properties xmlns="http://schemas.openxmlformats.org/officeDocument/2006/extended-properties"><Application>SDS service</Application></Properties>`

// Arial 9.5 pt by default; the heading styles exist so that readers and navigation panes see
// the sections' outline; every run of the sheet sets its own size and colour.
const heading = (id: string, name: string, size: number, outline?: number) =>
  `<w:style w:type="paragraph" w:styleId="${id}"><w:name w:val="${name}"/><w:basedOn w:val="Normal"/><w:next w:val="Normal"/><w:qFormat/>${outline === undefined ? '' : `<w:pPr><w:outlineLvl w:val="${outline}"/></w:pPr>`}<w:rPr><w:sz w:val="${size}"/><w:szCs w:val="${size}"/></w:rPr></w:style>`
const STYLES = `${DECL}<w:styles xmlns:w="${W}"><w:docDefaults><w:rPrDefault><w:rPr><w:rFonts w:ascii="Arial" w:hAnsi="Arial" w:eastAsia="Arial" w:cs="Arial"/><w:sz w:val="19"/><w:szCs w:val="19"/><w:lang w:val="en-US"/></w:rPr></w:rPrDefault><w:pPrDefault/></w:docDefaults><w:style w:type="paragraph" w:default="1" w:styleId="Normal"><w:name w:val="Normal"/><w:qFormat/></w:style><w:style w:type="table" w:default="1" w:styleId="TableNormal"><w:name w:val="Normal Table"/><w:uiPriority w:val="99"/><w:semiHidden/><w:unhideWhenUsed/><w:tblPr><w:tblInd w:w="0" w:type="dxa"/><w:tblCellMar><w:top w:w="0" w:type="dxa"/><w:left w:w="108" w:type="dxa"/><w:bottom w:w="0" w:type="dxa"/><w:right w:w="108" w:type="dxa"/></w:tblCellMar></w:tblPr></w:style>${heading('Title', 'Title', 56)}${heading('Heading1', 'heading 1', 32, 0)}${heading('Heading2', 'heading 2', 26, 1)}</w:styles>`

const SETTINGS = `${DECL}<w:settings xmlns:w="${W}"><w:defaultTabStop w:val="720"/><w:compat><w:compatSetting w:name="compatibilityMode" w:uri="http://schemas.microsoft.com/office/word" w:val="15"/></w:compat></w:settings>`

type Fixed = Record<'contentTypes' | 'packageRels' | 'app' | 'styles' | 'settings', PackedPart>
// Only packed bytes are kept, never a pending promise: a promise of one request's I/O must not
// be awaited by another (workerd). Two first requests at once may both pack; both get the same.
let packed: Fixed | null = null

/** The fixed parts, packed on first use and kept for the isolate's life. */
export async function fixedParts(): Promise<Fixed> {
  packed ??= {
    contentTypes: await packPart('[Content_Types].xml', CONTENT_TYPES),
    packageRels: await packPart('_rels/.rels', PACKAGE_RELS),
    app: await packPart('docProps/app.xml', APP),
    styles: await packPart('word/styles.xml', STYLES),
    settings: await packPart('word/settings.xml', SETTINGS),
  }
  return packed
}

export { R, W, DECL }
