// Markdown shapes that made parsers slow or crash (CommonMark's pathological-input suite,
// issue 13's reports), each built to an exact byte size. Shared by the drop tests (status of
// each at the maximum size) and the worst-case benchmark (CPU per request).

/** `unit` repeated to exactly `bytes` bytes (ASCII units). */
const fill = (unit, bytes) => unit.repeat(Math.ceil(bytes / unit.length)).slice(0, bytes)

/** Lines of `line(i)` joined by newlines, cut to `bytes` at a line boundary. */
function lines(line, bytes) {
  const out = []
  let size = 0
  for (let i = 0; ; i++) {
    const next = line(i)
    if (size + next.length + 1 > bytes) break
    out.push(next)
    size += next.length + 1
  }
  return out.join('\n')
}

/** A realistic document: headings, prose with inline markup, lists, code, a table. */
export function typicalMarkdown(bytes) {
  const section = (i) =>
    `## Section ${i}\n\nSome **bold** text, a [link](https://example.com/${i}) and \`code\`; _emphasis_ and ~~struck~~ words.\n` +
    `A second sentence with https://example.org/auto and a footnote-like [ref][r${i}].\n\n[r${i}]: https://example.net/${i}\n\n` +
    `- item one\n- item *two*\n  - nested [x]\n\n> A quote with **bold**.\n\n\`\`\`js\nconst x = ${i} < 2 && "y"\n\`\`\`\n\n| a | b |\n|---|:-:|\n| ${i} | <b>x</b> |\n\n`
  let out = '# Typical document\n\n'
  for (let i = 0; out.length + section(i).length <= bytes; i++) out += section(i)
  return out
}

/** name → Markdown of exactly (at most) `bytes` bytes, and the status a publish must get. */
export const PATHOLOGICAL = [
  { name: 'underscore runs _a_a_a', make: (n) => fill('_a', n), status: 201 },
  { name: 'star runs *a*a*a', make: (n) => fill('*a', n), status: 201 },
  { name: 'strong runs **a**a', make: (n) => fill('**a', n), status: 201 },
  { name: 'mixed delimiters *_*_', make: (n) => fill('*_', n), status: 201 },
  { name: 'tilde runs ~a~a', make: (n) => fill('~a', n), status: 201 },
  { name: 'open brackets [[[', make: (n) => fill('[', n), status: 201 },
  { name: 'bracket runs [a[a', make: (n) => fill('[a', n), status: 201 },
  { name: 'image openers ![![', make: (n) => fill('![', n), status: 201 },
  { name: 'unclosed links [a](', make: (n) => fill('[a](', n), status: 201 },
  { name: 'nested parentheses in a link', make: (n) => '[a](' + fill('(', n - 4), status: 201 },
  { name: 'backtick runs `a`a', make: (n) => fill('`a', n), status: 201 },
  { name: 'growing backtick runs', make: (n) => lines((i) => '`'.repeat((i % 60) + 1) + 'a', n), status: 201 },
  { name: 'angle brackets <a<a', make: (n) => fill('<a', n), status: 201 },
  { name: 'unclosed HTML comments', make: (n) => fill('<!-- a', n), status: 201 },
  { name: 'entity starts &#&#', make: (n) => fill('&#', n), status: 201 },
  { name: 'email-like a@a@', make: (n) => fill('a@', n), status: 201 },
  { name: 'www autolink runs', make: (n) => 'www.' + fill('a.', n - 4), status: 201 },
  { name: 'table with many columns', make: (n) => fill('|a', n / 2) + '\n' + fill('|-', n / 2 - 1), status: 201 },
  { name: 'reference definitions', make: (n) => lines((i) => `[r${i}]: https://example.com/${i}`, n), status: 201 },
  { name: 'many list items', make: (n) => lines(() => '- a', n), status: 201 },
  { name: 'quotes 40 deep on every line', make: (n) => lines(() => '> '.repeat(40) + 'a', n), status: 201 },
  { name: 'quotes nested 3,000 deep', make: (n) => '>'.repeat(3000) + ' a\n' + fill('b', n - 3003), status: 422 },
  { name: 'a line of > at the size limit', make: (n) => fill('>', n), status: 422 },
  { name: 'lists nested 2,000 levels', make: (n) => lines((i) => ' '.repeat(2 * (i % 2000)) + '- a', n), status: 422 },
  { name: 'HTML divs nested deep', make: (n) => fill('<div>', n), status: 201 },
  { name: 'footnote references [^a[^a', make: (n) => fill('[^a', n), status: 201 },
  { name: 'inline footnotes ^[a^[a', make: (n) => fill('^[a', n), status: 201 },
  { name: 'footnote definitions', make: (n) => lines((i) => `[^${i}]: note ${i}`, n), status: 201 },
  // Issue 35: the footnote plugin copied the token list once per footnote (20,000 took 11 s).
  // 10.7x its Markdown once rendered: over the page limit (422), after a linear render.
  { name: 'footnotes, each referenced once x[^k]', make: (n) => lines((i) => `x[^${i}]\n\n[^${i}]: y\n`, n), status: 422 },
  // Each reference adds a back-link to the note: 33x the Markdown, over the page limit.
  { name: 'one footnote referenced everywhere [^a]', make: (n) => '[^a]: note\n\n' + fill('[^a]', n - 12), status: 422 },
  { name: 'many headings with distinct names', make: (n) => lines((i) => `## heading ${i}`, n), status: 201 },
  {
    name: 'headings whose slugs collide (a-1…, then a)',
    make: (n) => lines((i) => (i < 20000 ? `## a-${i + 1}` : '## a'), n),
    // 13x the Markdown with ids and anchors: over the page limit.
    status: 422,
  },
  { name: 'reference links used everywhere [a][r]', make: (n) => '[r]: https://example.com/x\n\n' + fill('[a][r] ', n - 29), status: 201 },
  { name: 'a table of many rows and columns', make: (n) => '|a|b|c|d|\n|-|-|-|-|\n' + lines(() => '|1|2|3|4|', n - 22), status: 201 },
  { name: 'lists 20 deep, again and again', make: (n) => lines((i) => '  '.repeat(i % 20) + '- a', n), status: 201 },
  // Every `> - ` opens three elements: over the page limit.
  { name: 'quotes and lists interleaved 10 deep', make: (n) => lines(() => '> - '.repeat(10) + 'a', n), status: 422 },
  { name: 'emoji colons :a:a:a', make: (n) => fill(':a', n), status: 201 },
  { name: 'emoji shortcodes :tada:', make: (n) => fill(':tada: ', n), status: 201 },
  { name: 'alert markers > [!NOTE]', make: (n) => lines((i) => (i % 3 === 0 ? '> [!NOTE]' : i % 3 === 1 ? '> a' : ''), n), status: 201 },
  // 16x the Markdown once each heading has its id and anchor link: over the page limit.
  { name: 'many headings with one name', make: (n) => lines(() => '## a', n), status: 422 },
  { name: 'one 512 KiB JavaScript fence', make: (n) => '```js\n' + fill('a = "\\"/*" + /x*/ // ', n - 10) + '\n```', status: 201 },
  {
    name: 'many small highlighted fences',
    make: (n) => lines((i) => (i % 3 === 0 ? '```js' : i % 3 === 1 ? 'if (a) { b(`${c}`) } /* d */' : '```'), n),
    status: 201,
  },
  { name: 'unclosed <style> tags in prose', make: (n) => fill('a <style> b <svg> ', n), status: 201 },
  { name: 'unclosed <style> in an HTML block', make: (n) => '<div>\n' + fill('<style <style ', n - 6), status: 201 },
  { name: 'unclosed inline math $x $x', make: (n) => fill('$x ', n), status: 201 },
  { name: 'many small formulas $x^2$', make: (n) => fill('$x^{2}$ ', n), status: 201 },
  // Each `$$` pair is an empty display formula, far larger as MathML: over the page limit.
  { name: 'unclosed $$ blocks', make: (n) => lines(() => '$$', n), status: 422 },
  {
    name: 'deeply braced formula',
    make: (n) => '$' + '{'.repeat(1500) + 'x' + '}'.repeat(1500) + '$\n\n' + fill('a ', n - 3005),
    status: 201,
  },
  { name: 'stray end tags', make: (n) => fill('</div></p></table>', n), status: 201 },
  { name: 'unclosed style tags', make: (n) => fill('a <style>', n), status: 201 },
  {
    name: 'unclosed <style>/<pre> lines, each its own block',
    make: (n) => lines((i) => (i % 2 ? '<pre>\n' : '<style>\n'), n),
    status: 201,
  },
  {
    name: 'unclosed <script> lines closed once at the very end',
    make: (n) => lines(() => '<script>', n - 10) + '\n</script>',
    status: 201,
  },
  {
    name: 'an open paragraph, then inline tags, then block tags',
    make: (n) => '<p>' + fill('<b>x ', Math.floor(n / 2)) + fill('<div>y ', Math.floor(n / 2) - 3),
    status: 201,
  },
]
