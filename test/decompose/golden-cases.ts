/** Goals whose whole plan is kept in golden/*.json and read by a person when it changes. */
export const GOLDEN_CASES = [
  { name: 'run-first-5k', goal: 'Run my first 5K', context: 'complete beginner, 30 minutes a day, mornings' },
  { name: 'push-ups', goal: 'Do 20 push-ups in a row', context: 'beginner, 20 minutes, no equipment, evenings' },
  { name: 'insomnia', goal: 'Fall asleep faster', context: 'I lie awake for an hour most nights and drink coffee after lunch' },
  { name: 'learn-japanese', goal: 'Learn Japanese', context: 'complete beginner, 20 minutes a day on my commute' },
  { name: 'credit-card-debt', goal: 'Pay off my credit card debt', context: '20 minutes, 5 days a week, evenings' },
  { name: 'career-change', goal: 'Switch careers to become a data analyst', context: 'beginner, 30 min weekdays' },
  { name: 'novel', goal: 'Write a novel', context: 'intermediate, 45 minutes, mornings, 5 days a week' },
  { name: 'garden-shed', goal: 'Renovate the garden shed', context: 'weekends only, 2 hours' },
] as const
