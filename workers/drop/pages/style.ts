/** The reading style of a drop page: system fonts, ~70-character measure, light and dark. */
export const DROP_CSS = `:root{color-scheme:light dark;--fg:#1f2328;--bg:#fff;--muted:#59636e;--line:#d1d9e0;--soft:#f6f8fa;--accent:#0969da;--mark:#fff8c5}
@media (prefers-color-scheme:dark){:root{--fg:#e6edf3;--bg:#0d1117;--muted:#9198a1;--line:#3d444d;--soft:#151b23;--accent:#4493f8;--mark:#bb800926}}
*{box-sizing:border-box}html{-webkit-text-size-adjust:100%;text-size-adjust:100%}
body{margin:0;background:var(--bg);color:var(--fg);font:17px/1.65 system-ui,-apple-system,"Segoe UI",Roboto,"Helvetica Neue",Arial,"Noto Sans",sans-serif;overflow-wrap:break-word}
main{max-width:44rem;margin:0 auto;padding:2.5rem 1.25rem 3rem}
article>:first-child{margin-top:0}
h1,h2,h3,h4,h5,h6{line-height:1.25;margin:2rem 0 .75rem;font-weight:650}
h1{font-size:2.1rem;letter-spacing:-.01em}h2{font-size:1.5rem;padding-bottom:.3rem;border-bottom:1px solid var(--line)}h3{font-size:1.2rem}
p,ul,ol,blockquote,pre,table,details,dl{margin:0 0 1.1rem}
a{color:var(--accent);text-underline-offset:.15em}a:hover{text-decoration-thickness:2px}
img{max-width:100%;height:auto;border-radius:4px}
hr{border:0;border-top:1px solid var(--line);margin:2rem 0}
blockquote{margin-left:0;padding:.1rem 1rem;border-left:.25rem solid var(--line);color:var(--muted)}
code,kbd,pre,samp{font-family:ui-monospace,SFMono-Regular,"SF Mono",Menlo,Consolas,"Liberation Mono",monospace;font-size:.88em}
code{background:var(--soft);padding:.15em .35em;border-radius:5px}
pre{background:var(--soft);padding:1rem 1.1rem;border-radius:8px;overflow-x:auto;line-height:1.5;border:1px solid var(--line)}
pre code{background:none;padding:0;font-size:inherit}
kbd{border:1px solid var(--line);border-bottom-width:2px;border-radius:4px;padding:.05em .35em}
mark{background:var(--mark);color:inherit}
table{border-collapse:collapse;display:block;max-width:100%;overflow-x:auto}
th,td{border:1px solid var(--line);padding:.45rem .8rem}th{background:var(--soft);font-weight:600}tr:nth-child(2n) td{background:color-mix(in srgb,var(--soft) 50%,transparent)}
li+li{margin-top:.25rem}li>input[type=checkbox]{margin:0 .45rem 0 -1.3rem;vertical-align:middle}li:has(>input[type=checkbox]){list-style:none}
details{border:1px solid var(--line);border-radius:8px;padding:.5rem 1rem}summary{cursor:pointer;font-weight:600}
.notice{border:1px solid var(--line);background:var(--soft);border-radius:8px;padding:.75rem 1rem;margin-bottom:2rem}
footer{margin-top:3rem;padding-top:1rem;border-top:1px solid var(--line);color:var(--muted);font-size:.9rem;display:flex;flex-wrap:wrap;gap:.35rem 1.25rem}
footer a{color:inherit}
.status{text-align:center;padding-top:18vh}.status h1{font-size:3rem;margin-bottom:.5rem}
.button{display:inline-block;font:inherit;font-weight:600;color:#fff;background:#1f883d;border:0;border-radius:6px;padding:.6rem 1.1rem;cursor:pointer;text-decoration:none}
h1,h2,h3,h4,h5,h6{position:relative}.anchor{margin-left:.4rem;color:var(--muted);text-decoration:none;font-weight:400;opacity:0}:is(h1,h2,h3,h4,h5,h6):hover .anchor,.anchor:focus{opacity:1}
.markdown-alert{padding:.5rem 1rem;margin:0 0 1.1rem;border-left:.25rem solid var(--alert)}.markdown-alert>:last-child{margin-bottom:0}
.markdown-alert-title{font-weight:600;color:var(--alert);margin-bottom:.4rem}
.markdown-alert-note{--alert:#0969da}.markdown-alert-tip{--alert:#1a7f37}.markdown-alert-important{--alert:#8250df}.markdown-alert-warning{--alert:#9a6700}.markdown-alert-caution{--alert:#cf222e}
@media (prefers-color-scheme:dark){.markdown-alert-note{--alert:#4493f8}.markdown-alert-tip{--alert:#3fb950}.markdown-alert-important{--alert:#ab7df8}.markdown-alert-warning{--alert:#d29922}.markdown-alert-caution{--alert:#f85149}}
.footnotes{font-size:.88rem;color:var(--muted)}.footnotes-sep{margin:2.5rem 0 1rem}.footnote-ref a,.footnote-backref{text-decoration:none}
.diagram{margin:0 0 1.1rem}.diagram figcaption{font-size:.85rem;color:var(--muted);margin-bottom:.3rem}
.hljs-comment,.hljs-quote{color:#59636e;font-style:italic}.hljs-keyword,.hljs-selector-tag,.hljs-doctag,.hljs-meta .hljs-keyword{color:#cf222e}
.hljs-string,.hljs-regexp,.hljs-addition,.hljs-meta .hljs-string{color:#0a3069}.hljs-number,.hljs-literal,.hljs-variable,.hljs-template-variable,.hljs-attr,.hljs-attribute,.hljs-symbol{color:#0550ae}
.hljs-title,.hljs-section,.hljs-built_in,.hljs-type,.hljs-name,.hljs-selector-id,.hljs-selector-class{color:#6639ba}.hljs-deletion{color:#82071e;background:#ffebe9}.hljs-meta,.hljs-tag{color:#953800}.hljs-emphasis{font-style:italic}.hljs-strong{font-weight:700}
@media (prefers-color-scheme:dark){.hljs-comment,.hljs-quote{color:#9198a1}.hljs-keyword,.hljs-selector-tag,.hljs-doctag,.hljs-meta .hljs-keyword{color:#ff7b72}.hljs-string,.hljs-regexp,.hljs-addition,.hljs-meta .hljs-string{color:#a5d6ff}.hljs-number,.hljs-literal,.hljs-variable,.hljs-template-variable,.hljs-attr,.hljs-attribute,.hljs-symbol{color:#79c0ff}.hljs-title,.hljs-section,.hljs-built_in,.hljs-type,.hljs-name,.hljs-selector-id,.hljs-selector-class{color:#d2a8ff}.hljs-deletion{color:#ffdcd7;background:#67060c}.hljs-meta,.hljs-tag{color:#ffa657}}
.paste textarea,.paste input:not([type=checkbox]),.paste select{font:inherit;color:inherit;background:var(--bg);border:1px solid var(--line);border-radius:6px;padding:.45rem .6rem}.paste textarea{width:100%;font-family:ui-monospace,SFMono-Regular,Menlo,Consolas,monospace;font-size:.9rem}.paste #title{width:100%}.muted{color:var(--muted);font-size:.9rem}
@media print{footer,.notice,.anchor{display:none}body{font-size:12pt}}`
