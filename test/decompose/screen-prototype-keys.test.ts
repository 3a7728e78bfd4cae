import { describe, expect, it } from 'vitest'
import { screen } from '../../workers/decompose/domain/safety/screen'

// Words that are names on Object.prototype once folded: the screen reads them as text (a 500 before).
const WORDS = ['constructor', 'toString', '__proto__', 'hasOwnProperty', 'valueOf', "don't constructor", "i'constructor"]

describe('the screen reads prototype names as ordinary words', () => {
  for (const w of WORDS) {
    it(`"${w}" as goal and context stays ordinary`, () => {
      expect(screen(w, w, 'en', null).safety.level).toBe('none')
    })
  }
})
