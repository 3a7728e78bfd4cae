import { BASE_CSS } from '../../../shared/html'

export const AUDIT_CSS = `${BASE_CSS}
form.check{display:flex;flex-wrap:wrap;gap:.5rem;align-items:flex-end;margin:1rem 0 2rem}
form.check label{display:block;font-weight:600;width:100%}
form.check input{font:inherit;padding:.45rem .6rem;border:1px solid var(--line);border-radius:6px;background:var(--bg);color:var(--fg);flex:1 1 16rem;min-width:0}
form.check button{font:inherit;font-weight:600;padding:.45rem 1rem;border-radius:6px;border:1px solid var(--accent);background:var(--accent);color:#fff;cursor:pointer}
input:focus-visible,button:focus-visible,a:focus-visible{outline:3px solid var(--accent);outline-offset:2px}
.summary{display:flex;gap:1.5rem;align-items:center;flex-wrap:wrap}
.grade{font:700 3rem/1 system-ui,sans-serif;min-width:5.5rem;text-align:center;padding:.75rem .5rem;border-radius:10px;border:3px solid currentColor}
.g-good{color:#1a7f37}.g-mid{color:#9a6700}.g-bad{color:#cf222e}
@media (prefers-color-scheme:dark){.g-good{color:#3fb950}.g-mid{color:#d29922}.g-bad{color:#f85149}}
.pass{color:#1a7f37}.fail{color:#cf222e}
@media (prefers-color-scheme:dark){.pass{color:#3fb950}.fail{color:#f85149}}
dl.facts{display:grid;grid-template-columns:max-content 1fr;gap:.25rem 1rem}dl.facts dt{font-weight:600}dl.facts dd{margin:0;overflow-wrap:anywhere}
td code,li code{overflow-wrap:anywhere}ol.chain li{margin:.25rem 0;overflow-wrap:anywhere}
.error{border-left:4px solid #cf222e;padding:.5rem 1rem;background:var(--code)}`
