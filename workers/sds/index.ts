import { createApp } from '../../shared/app'
import type { AppEnv } from './env'

const app = createApp<AppEnv>({
  title: 'Safety data sheets',
  version: '0.1.0',
  description: 'Generates GHS-compliant US (OSHA HazCom) and EU (REACH Annex II) safety data sheets as DOCX.',
  // Service A lists 422 for every body error, malformed JSON and wrong Content-Type included.
  policy: {
    invalidJson: { status: 422, code: 'VALIDATION_ERROR' },
    invalidBody: { status: 422, code: 'VALIDATION_ERROR' },
    invalidQuery: { status: 422, code: 'VALIDATION_ERROR' },
    unsupportedMediaType: { status: 422, code: 'VALIDATION_ERROR' },
  },
})

export default app
export { RateLimiter } from '../../shared/rate-limit/limiter'
