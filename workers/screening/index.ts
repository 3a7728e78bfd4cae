import { createApp } from '../../shared/app'
import type { AppEnv } from './env'

const app = createApp<AppEnv>({
  title: 'Applicant screening',
  version: '0.1.0',
  description: 'Screens rental applicants with a transparent VetScore and scrapes rental leads.',
  policy: {
    invalidJson: { status: 400, code: 'INVALID_JSON' },
    invalidBody: { status: 422, code: 'VALIDATION_ERROR' },
    invalidQuery: { status: 422, code: 'VALIDATION_ERROR' },
    unsupportedMediaType: { status: 415, code: 'UNSUPPORTED_MEDIA_TYPE' },
    bodyExtra: { ok: false },
  },
})

export default app
export { RateLimiter } from '../../shared/rate-limit/limiter'
