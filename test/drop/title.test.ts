import { describe, expect, it } from 'vitest'
import { applyTitle } from '../../workers/drop/domain/render/title'

describe('title rule', () => {
  it.each([
    ['no heading: title goes first', 'Some text', 'My title', '# My title\n\nSome text'],
    ['only an H2: title goes first', '## Section\n\ntext', 'T', '# T\n\n## Section\n\ntext'],
    ['ATX H1 at the start: title ignored', '# Real\n\nbody', 'Ignored', '# Real\n\nbody'],
    ['ATX H1 after blank lines: title ignored', '\n\n  \n# Real\nbody', 'Ignored', '\n\n  \n# Real\nbody'],
    ['setext H1: title ignored', 'Real\n====\n\nbody', 'Ignored', 'Real\n====\n\nbody'],
    ['closed ATX H1: title ignored', '# Real #\n', 'Ignored', '# Real #\n'],
    ['H1 after an intro paragraph still counts as a top-level heading', 'intro\n\n# Later', 'T', 'intro\n\n# Later'],
    ['#hashtag is not a heading', '#hashtag text', 'T', '# T\n\n#hashtag text'],
    ['# inside a code fence is not a heading', '```\n# not a heading\n```', 'T', '# T\n\n```\n# not a heading\n```'],
    ['setext H2 (---) is not an H1', 'Sub\n---\n', 'T', '# T\n\nSub\n---\n'],
    ['leading blank lines are dropped before the title', '\n\ntext', 'T', '# T\n\ntext'],
    ['no title: unchanged', 'text', undefined, 'text'],
    ['blank title: unchanged', 'text', '   ', 'text'],
    ['newlines in a title are folded', 'text', 'a\nb', '# a b\n\ntext'],
    ['Markdown in a title is escaped', 'text', '*not* [a](b) <i>', '# \\*not\\* \\[a\\](b) \\<i\\>\n\ntext'],
  ])('%s', (_name, markdown, title, expected) => {
    expect(applyTitle(markdown, title)).toBe(expected)
  })
})
