import type { DecomposeResponse } from '../../workers/decompose/schemas'

/**
 * Goals and contexts the planner must handle: every kind, terse and wordy, other languages and
 * scripts, contradictory or odd contexts. `kind` is the kind a person would expect.
 */
export const CORPUS: Array<{ goal: string; context: string; kind: DecomposeResponse['domain'] }> = [
  // running and cardio
  { goal: 'Run my first 5K', context: 'complete beginner, 30 minutes a day, mornings', kind: 'running' },
  { goal: 'run a marathon', context: '', kind: 'running' },
  {
    goal: 'Run a half marathon in under 2 hours',
    context: 'intermediate runner, 45 minutes a day, 4 days a week, evenings, race in 14 weeks',
    kind: 'running',
  },
  { goal: 'get back into running', context: 'I have a bad knee, 20 min, 3 times a week, I have a bike', kind: 'running' },
  { goal: 'Run 10k', context: 'advanced, 5 years of running, 60 minutes, 6 days a week', kind: 'running' },
  { goal: 'walk 10,000 steps a day', context: 'I am 70 years old, over 65, 20 minutes', kind: 'running' },
  { goal: 'Improve my cardio fitness by cycling', context: 'intermediate, 40 min, 3x per week', kind: 'running' },
  { goal: 'Apprendre à courir 10 km', context: 'débutant, 30 minutes, 3 jours par semaine', kind: 'running' },
  { goal: 'マラソンを完走したい', context: '初心者、1日30分、週3回', kind: 'running' },
  // strength
  { goal: 'Do 20 push-ups in a row', context: 'beginner, 20 minutes, no equipment', kind: 'strength' },
  { goal: 'get stronger', context: 'advanced lifter, gym, 45 minutes, 4 days a week, lower back pain', kind: 'strength' },
  { goal: 'my first pull-up', context: 'no pull-up bar yet, intermediate', kind: 'strength' },
  { goal: 'Build muscle', context: 'dumbbells at home, 30 minutes, shoulder injury, evenings', kind: 'strength' },
  { goal: 'hold a 2 minute plank', context: '5 minutes a day', kind: 'strength' },
  // nutrition
  { goal: 'lose 8 kg', context: 'beginner, 20 minutes a day, in 6 weeks', kind: 'nutrition' },
  { goal: 'Eat more vegetables', context: '', kind: 'nutrition' },
  { goal: 'Lose weight without counting calories', context: 'history of an eating disorder (bulimia), 15 minutes', kind: 'nutrition' },
  { goal: 'gain 5 kg of healthy weight', context: 'underweight, advanced cook, 30 minutes', kind: 'nutrition' },
  { goal: 'Abnehmen, 10 Kilo', context: 'Anfänger, 20 Minuten pro Tag', kind: 'nutrition' },
  { goal: '健康的に痩せたい', context: '', kind: 'nutrition' },
  // sleep
  { goal: "I can't fall asleep, I lie awake for hours", context: 'I drink coffee at 4pm, I sleep 5 hours a night', kind: 'sleep' },
  { goal: 'wake up at 6am every day', context: 'night owl, evenings are free', kind: 'sleep' },
  { goal: 'Get more sleep', context: 'snoring, tired all day, bipolar disorder', kind: 'sleep' },
  { goal: 'better sleep', context: 'night shifts, 10 minutes', kind: 'sleep' },
  // language
  { goal: 'Learn Japanese', context: 'complete beginner, 20 minutes a day on my commute', kind: 'language' },
  { goal: 'Reach B2 Spanish', context: 'B1, 45 min, weekdays, exam in 12 weeks', kind: 'language' },
  { goal: 'become fluent in French', context: 'advanced, 1 hour a day', kind: 'language' },
  { goal: '学习中文', context: '每天20分钟', kind: 'language' },
  { goal: 'Pass the IELTS with band 7', context: 'intermediate, 3 hours a week', kind: 'language' },
  { goal: 'aprender inglés para viajar', context: 'principiante, 15 minutos', kind: 'language' },
  // study and skills
  { goal: 'Pass the AWS Solutions Architect exam', context: 'intermediate, 45 minutes on weekdays, exam in 8 weeks', kind: 'study' },
  { goal: 'learn to play the guitar', context: 'total beginner, 20 min daily', kind: 'study' },
  { goal: 'Learn Python', context: 'never coded, 30 minutes, evenings', kind: 'study' },
  { goal: 'get better at chess', context: 'intermediate club player, 40 min, 4 days a week', kind: 'skill' },
  { goal: 'study for my final exams', context: 'exams on 2026-06-10, 2 hours a day', kind: 'study' },
  // career
  { goal: 'Switch careers to become a data analyst', context: 'beginner, 30 min weekdays', kind: 'career' },
  { goal: 'find a new job', context: 'laid off last month, anxious, 1 hour a day', kind: 'career' },
  { goal: 'get promoted to senior engineer', context: 'within 6 months, advanced', kind: 'career' },
  { goal: 'Update my CV and apply for product manager jobs', context: '', kind: 'career' },
  // finance
  { goal: 'Pay off my credit card debt', context: '20 minutes', kind: 'finance' },
  { goal: 'save $5,000 for an emergency fund', context: 'in 10 months', kind: 'finance' },
  { goal: 'make a budget and stick to it', context: 'beginner, overspend on takeaways', kind: 'finance' },
  { goal: 'start investing for retirement', context: 'intermediate, 15 min, twice a week', kind: 'finance' },
  { goal: 'Geld sparen für Urlaub', context: '10 Minuten', kind: 'finance' },
  // writing and creative work
  { goal: 'Write a novel', context: 'intermediate, 45 minutes, mornings, 5 days a week', kind: 'writing' },
  { goal: 'finish my PhD thesis', context: '2 hours a day, deadline in 6 months', kind: 'writing' },
  { goal: 'start a weekly newsletter', context: 'beginner', kind: 'writing' },
  { goal: 'learn to draw portraits', context: 'beginner, 15 minutes, before bed', kind: 'writing' },
  { goal: 'Write 50,000 words', context: 'advanced, NaNoWriMo, 1 hour', kind: 'writing' },
  // mindfulness and stress
  { goal: 'reduce stress', context: 'anxious, beginner, 10 min', kind: 'mindfulness' },
  { goal: 'meditate every day', context: 'experienced, 30 minutes', kind: 'mindfulness' },
  // ("some days I want to die" moved to the safety corpus: a crisis gets no plan toward the goal, issue 18.)
  { goal: 'recover from burnout', context: 'low mood, feeling drained every evening', kind: 'mindfulness' },
  { goal: 'feel calmer at work', context: 'lunch break, 15 minutes', kind: 'mindfulness' },
  // productivity and habits
  { goal: 'Stop procrastinating', context: 'I work from home, 25 minutes, evenings', kind: 'productivity' },
  { goal: 'read more books', context: '10 minutes before bed', kind: 'productivity' },
  { goal: 'less screen time', context: "advanced, I'm on my phone 5 hours a day", kind: 'productivity' },
  { goal: 'declutter my apartment', context: 'weekends only', kind: 'productivity' },
  { goal: 'floss daily', context: '', kind: 'productivity' },
  // general: outside the known kinds
  { goal: 'Renovate the garden shed', context: 'weekends only, 2 hours', kind: 'home' },
  { goal: 'plan my wedding', context: 'in 9 months, 30 minutes a day', kind: 'event' },
  { goal: 'Volunteer at the food bank', context: '', kind: 'community' },
  { goal: 'Finish the family photo album', context: '20 minutes, evenings', kind: 'general' },
  { goal: 'x!?', context: '', kind: 'general' },
  { goal: 'Organiser une fête 🎉 pour ma mère', context: 'beaucoup de contraintes', kind: 'event' },
  // contradictory, odd or terse contexts
  {
    goal: 'run a 5k',
    context: 'complete beginner but also advanced, 10 minutes a day but 2 hours per session, every day, 2 days a week',
    kind: 'running',
  },
  { goal: 'learn German', context: 'no time at all, 2 minutes a day', kind: 'language' },
  { goal: 'get stronger', context: 'I have no injuries, no knee pain, 30 min', kind: 'strength' },
  {
    goal: 'I want to finally get fit and lose the weight I put on during lockdown, ideally by running because I love being outside',
    context:
      'I am 42, mum of two, I work 9 to 5 and can only really train early in the mornings before the kids wake up, maybe 25 to 30 minutes, three or four times a week. I used to run at university but have not run in 15 years. My left knee sometimes aches on stairs. I would like to do a local 10k race in about four months.',
    kind: 'running',
  },
]
