// highlight.js (core + its common languages), re-exported through a file of ours so that
// TypeScript reads hljs.d.mts instead of highlight.js's own definitions, which load the DOM
// lib and would change the types of every worker in the repository.
export { default } from 'highlight.js/lib/common'
