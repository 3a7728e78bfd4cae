// Packages without type definitions of their own (their @types packages pull in the DOM lib).
declare module 'markdown-it-footnote' {
  import type MarkdownIt from 'markdown-it'
  const footnotes: (md: MarkdownIt) => void
  export default footnotes
}
declare module 'markdown-it-emoji/lib/data/full.mjs' {
  const emoji: Record<string, string>
  export default emoji
}
