import { describe, expect, it } from 'vitest'
import { XmlError, child, parseXml, textAt } from '../../workers/market-data/domain/xml/reader'

describe('XML reader', () => {
  it('reads elements, namespaces, attributes, entities, CDATA and skips comments', () => {
    const root = parseXml(`\ufeff<?xml version="1.0"?>
<!-- a comment -->
<a:Doc xmlns:a="urn:a" xmlns="urn:default">
  <period.timeInterval><start>2025-10-25T22:00Z</start></period.timeInterval>
  <in_Domain.mRID codingScheme="A01">10YFR-RTE------C</in_Domain.mRID>
  <text>Fish &amp; chips &lt;3 &#x41;&#66; <![CDATA[<raw & kept>]]></text>
  <empty/>
  <single att='x "y"'/>
</a:Doc>`)
    expect(root.name).toBe('Doc')
    expect(root.ns).toBe('urn:a')
    expect(child(root, 'period.timeInterval')?.ns).toBe('urn:default')
    expect(textAt(root, 'period.timeInterval', 'start')).toBe('2025-10-25T22:00Z')
    expect(child(root, 'in_Domain.mRID')?.attrs).toEqual({ codingScheme: 'A01' })
    expect(textAt(root, 'text')).toBe('Fish & chips <3 AB <raw & kept>')
    expect(child(root, 'empty')?.children).toEqual([])
    expect(child(root, 'single')?.attrs.att).toBe('x "y"')
    expect(textAt(root, 'missing', 'deeper')).toBeUndefined()
  })

  it.each([
    ['mismatched tags', '<a><b></a></b>'],
    ['unclosed element', '<a><b></b>'],
    ['DOCTYPE', '<!DOCTYPE a [<!ENTITY x "y">]><a>&x;</a>'],
    ['unknown entity', '<a>&nbsp;</a>'],
    ['bare ampersand', '<a>fish & chips</a>'],
    ['two roots', '<a/><b/>'],
    ['text outside root', 'hello <a/>'],
    ['undeclared prefix', '<x:a/>'],
    ['empty input', ''],
    ['malformed tag', '<a <b>'],
    ['unterminated comment', '<a><!-- x</a>'],
  ])('refuses %s', (_, xml) => {
    expect(() => parseXml(xml)).toThrow(XmlError)
  })
})
