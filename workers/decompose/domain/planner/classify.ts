import { INSTRUMENT_NAMES } from './domains/instrument'
import type { GoalKind } from './types'

function languageNames(): RegExp {
  return new RegExp(`\\b(${Object.keys(LANGUAGES).join('|')})\\b|${NATIVE_SCRIPTS.map(([re]) => re.source).join('|')}`)
}

/** Language names as people write them (English, own name, a few neighbours), to an English name. */
export const LANGUAGES: Record<string, string> = {
  spanish: 'Spanish',
  español: 'Spanish',
  espanol: 'Spanish',
  espagnol: 'Spanish',
  spanisch: 'Spanish',
  castellano: 'Spanish',
  french: 'French',
  français: 'French',
  francais: 'French',
  französisch: 'French',
  francés: 'French',
  frances: 'French',
  german: 'German',
  deutsch: 'German',
  allemand: 'German',
  alemán: 'German',
  aleman: 'German',
  tedesco: 'German',
  italian: 'Italian',
  italiano: 'Italian',
  italien: 'Italian',
  italienisch: 'Italian',
  portuguese: 'Portuguese',
  português: 'Portuguese',
  portugues: 'Portuguese',
  portugais: 'Portuguese',
  brazilian: 'Portuguese',
  japanese: 'Japanese',
  japonais: 'Japanese',
  japanisch: 'Japanese',
  japonés: 'Japanese',
  nihongo: 'Japanese',
  chinese: 'Chinese',
  mandarin: 'Chinese',
  cantonese: 'Cantonese',
  chinois: 'Chinese',
  chinesisch: 'Chinese',
  korean: 'Korean',
  coréen: 'Korean',
  koreanisch: 'Korean',
  arabic: 'Arabic',
  arabe: 'Arabic',
  arabisch: 'Arabic',
  russian: 'Russian',
  russe: 'Russian',
  russisch: 'Russian',
  ruso: 'Russian',
  dutch: 'Dutch',
  nederlands: 'Dutch',
  néerlandais: 'Dutch',
  niederländisch: 'Dutch',
  swedish: 'Swedish',
  svenska: 'Swedish',
  norwegian: 'Norwegian',
  danish: 'Danish',
  finnish: 'Finnish',
  polish: 'Polish',
  polski: 'Polish',
  czech: 'Czech',
  ukrainian: 'Ukrainian',
  greek: 'Greek',
  turkish: 'Turkish',
  türkçe: 'Turkish',
  hindi: 'Hindi',
  urdu: 'Urdu',
  bengali: 'Bengali',
  punjabi: 'Punjabi',
  vietnamese: 'Vietnamese',
  thai: 'Thai',
  indonesian: 'Indonesian',
  tagalog: 'Tagalog',
  swahili: 'Swahili',
  hebrew: 'Hebrew',
  persian: 'Persian',
  farsi: 'Persian',
  irish: 'Irish',
  welsh: 'Welsh',
  catalan: 'Catalan',
  english: 'English',
  anglais: 'English',
  englisch: 'English',
  inglés: 'English',
  ingles: 'English',
  inglese: 'English',
  'sign language': 'sign language',
  asl: 'American Sign Language',
  bsl: 'British Sign Language',
}

/** The text names a language ("español", "Deutsch", "日本語"). */
export function namesLanguage(text: string): boolean {
  LANGUAGE_NAME ??= languageNames()
  return LANGUAGE_NAME.test(text.toLowerCase())
}
let LANGUAGE_NAME: RegExp | undefined

/** Names written in their own scripts (no \b: those scripts have no ASCII word boundary). */
export const NATIVE_SCRIPTS: Array<[RegExp, string]> = [
  [/日本語|日语|日語/, 'Japanese'],
  [/中文|汉语|漢語|普通话|普通話|中国語/, 'Chinese'],
  [/한국어|韩语|韓国語/, 'Korean'],
  [/英語|英语|영어/, 'English'],
  [/русский|русского/, 'Russian'],
  [/العربية/, 'Arabic'],
  [/ελληνικά/, 'Greek'],
  [/हिन्दी|हिंदी/, 'Hindi'],
  [/スペイン語|西班牙语/, 'Spanish'],
  [/フランス語|法语/, 'French'],
  [/ドイツ語|德语/, 'German'],
]

/**
 * Which kind of goal this is, by weighted keywords in the goal (context words count a quarter,
 * so "learn Spanish" with "I run every morning" stays a language goal). Ties go to the more
 * specific activity in KINDS order. Words in the main European languages and in Japanese and
 * Chinese are included for the commonest goals; anything else gets the general plan.
 */
const KINDS: Array<[Exclude<GoalKind, 'general'>, Array<[RegExp, number]>]> = [
  [
    'running',
    [
      [
        /\b(run|running|jog|jogging|jogger|runner)\b(?!\s{1,3}(?:a|an|my|our|the|his|her|their|this|that)\s{1,3}(?!\d|5k|10k|half|marathon|race|mile|parkrun|ultra|km|kilomet|fast|faster|sub|5 ?k|10 ?k))/,
        3,
      ],
      [/\b((?:5|10|15|21|42)\s?km?|half[- ]marathon|marathon|ultra|parkrun|couch to 5k|c25k|race)\b/, 3],
      [
        /\b(cardio|endurance|stamina|aerobic|vo2|get fit|fitter|fitness|cycling|cycle to work|bike ride|swim|swimming|walk \d{1,6}|steps a day|10,?000 steps|brisk walk)/,
        2,
      ],
      // Swimming and walking in French, Spanish and German, as the English line above ("nadar 1 km",
      // "10 000 pas par jour", "10.000 Schritte am Tag"); not "marche" alone ("étude de marché", "ça marche").
      [
        /\b(nadar|nado|nager|natation|schwimmen|caminar|caminata|marcher|marche rapide|marche nordique|randonn\w{0,24}|senderismo|wandern|spazieren|spaziergang|pasos|schritte)\b|\d\s?pas\b/,
        2,
      ],
      // "carrera" is a race and a career in Spanish: a race only with a distance or as a popular run.
      [
        /\b(correr|courir|laufen|joggen|corsa|maratona|marathon|carrera (?:de \d|popular|\d))\b|マラソン|ランニング|跑步|马拉松|ジョギング/,
        3,
      ],
    ],
  ],
  [
    'strength',
    [
      [
        /\b(strength|stronger|strong|muscles?|muscular|lift(?:ing)?|weights?|weight ?training|resistance training|calisthenics|bodybuilding|hypertrophy|tone|toned|abs|core)\b/,
        2,
      ],
      [
        /\b(push-?ups?|press-?ups?|pull-?ups?|chin-?ups?|squats?|deadlifts?|bench press|bench|plank|dips|handstand|muscle-up|overhead press)\b/,
        3,
      ],
      [/\b(musculation|krafttraining|muskel\w{0,24}|fuerza|musculaci[óo]n|flexiones|pompes)\b|筋トレ|筋肉|力量|增肌|健身/, 3],
    ],
  ],
  [
    'language',
    [
      [/\b(language|fluent|fluency|vocabulary|conversational|speak|grammar|duolingo)\b/, 2],
      // Language exams outrank "pass"/"exam", which would otherwise make them a study goal.
      [/\b(ielts|toefl|toeic|dele|delf|dalf|jlpt|hsk|topik|goethe|cefr)\b/, 4],
      [languageNames(), 4],
      [/\b(apprendre l'|aprender|lernen|imparare)\b/, 1],
    ],
  ],
  [
    'sleep',
    [
      [/\b(sleep|sleeping|asleep|insomnia|bedtime|nap|naps|rested|tired|fatigue|wake up|waking up|early riser|night owl|circadian)\b/, 3],
      [/\b(sommeil|dormir|schlaf\w{0,24}|sueño|dormire)\b|睡眠|眠|失眠|早起き|早起/, 3],
    ],
  ],
  [
    'finance',
    [
      [
        /\b(money|savings?|budget(?:ing)?|debts?|loans?|credit cards?|invest(?:ing|ment)?|retirement|pension|emergency fund|spending|overspend\w{0,24}|pay off|paying off|mortgage|net worth|financ\w{0,24}|frugal|401k|ira|isa|index funds?|down payment|deposit for a house)\b/,
        3,
      ],
      [/\bsave\b(?!\s{1,3}(?:time|energy|the planet|lives?|a life|face|my marriage|the world))/, 2],
      [/[$€£¥]\s?\d|\d\s?(?:usd|eur|gbp|dollars|euros|pounds)\b/, 2],
      [
        /\b(geld|sparen|argent|[ée]conomiser|ahorrar|dinero|deudas?|schulden|[ée]pargn\w{0,24}|dettes?|investir|invertir|inversi[óo]n|investieren|geldanlage|ahorros|fondo de emergencia|notgroschen)\b|貯金|存钱|理财|借金/,
        3,
      ],
    ],
  ],
  [
    'career',
    [
      [
        /\b(job|jobs|career|hired|hiring|interviews?|r[ée]sum[ée]|cv|promotion|promoted|raise|salary|linkedin|networking|new role|employment|employer|recruiter|portfolio|internship|freelanc\w{0,24}|clients)\b/,
        3,
      ],
      [
        /\b(switch (?:careers?|to|into)|change careers?|career change|become an? |move into|transition (?:to|into)|get into (?:tech|ux|data|product))/,
        3,
      ],
      [
        /\b(bewerbung|arbeit|stelle|emploi|travail|trabajo|empleo|carrera profesional|cambiar de carrera|cambio de carrera|ascenso|reconversion|umschulung|berufswechsel|beförderung)\b|転職|就職|工作|求职|面试/,
        3,
      ],
    ],
  ],
  [
    'writing',
    [
      [
        /\b(write|writing|writer|novel|memoir|manuscript|blog|newsletter|essays?|thesis|dissertation|poems?|poetry|short stor(?:y|ies)|screenplay|script|publish|author|nanowrimo|chapters?|words? a day|words|substack)\b/,
        3,
      ],
      [/\b(draw|drawing|sketch(?:ing|book)?|paint|painting|illustrat\w{0,24}|songwriting|write songs|compose|comic|watercolou?r)\b/, 3],
      [/\b(écrire|roman|schreiben|escribir|novela|scrivere)\b|小説|写作|執筆|絵を描/, 3],
    ],
  ],
  [
    'study',
    [
      [
        /\b(exam|exams|test|certification|certified|certificate|pass|study|studying|revise|revision|course|degree|syllabus|bar exam|cpa|cfa|gmat|gre|sat|mcat|lsat|aws|comptia|pmp)\b/,
        3,
      ],
      [/\b(learn|master|skill|practice|practise|get better at|improve at)\b/, 1],
      [/\b(programming|coding|code|python|javascript|typescript|java|rust|sql|excel|data science|machine learning|web development)\b/, 3],
      [
        /\b(piano|guitar|violin|cello|drums|ukulele|bass|saxophone|flute|sing|singing|instrument|chess|photography|typing|touch typing|juggle|juggling)\b/,
        3,
      ],
      [/\b(prüfung|examen|estudiar|studieren|réviser)\b|勉強|试験|考试|資格|学习/, 3],
      // Instruments as instruments.json names them, in every language it writes ("Geige lernen").
      [new RegExp(`(?<!\\p{L})(${[...INSTRUMENT_NAMES].join('|')})(?!\\p{L})`, 'u'), 3],
    ],
  ],
  [
    'mindfulness',
    [
      [
        /\b(stress|stressed|anxious|anxiety|calm|calmer|meditat\w{0,24}|mindful\w{0,24}|relax\w{0,24}|breath\w{0,24}|burn-?out|overwhelm\w{0,24}|gratitude|mental health|well-?being|worry|worrying|resilien\w{0,24}|yoga|peace of mind)\b/,
        3,
      ],
      [/\b(m[ée]ditation|m[ée]diter|stre(?:ss|ß)|entspann\w{0,24}|estr[ée]s|ansiedad)\b|瞑想|冥想|ストレス|压力|焦虑/, 3],
    ],
  ],
  [
    'nutrition',
    [
      [
        /\b(diet|dieting|eat|eating|nutrition|healthier food|calories|vegetables?|veg|veggies|fruit|sugar|snacking|snacks?|meals?|meal prep|protein|hydrat\w{0,24}|drink more water|water a day|junk food|takeaway|fast food|cook(?:ing)? (?:at home|healthy|more)|fat loss|lose fat|body fat)\b/,
        3,
      ],
      [
        /\b(lose|losing|drop|shed|gain|put on)\s{1,3}(?:\d{1,6}(?:[.,]\d{1,6})?\s{0,3})?(?:kg|kgs|kilos?|lbs?|pounds|stone|weight)\b|\bweight ?loss\b|\bweight\b/,
        3,
      ],
      [
        /\b(abnehmen|maigrir|perder peso|adelgazar|dimagrire|di[ée]t\w{0,24}|ern[äa]hrung|alimentation|comer)\b|痩せ|ダイエット|減量|减肥|减重|饮食/,
        3,
      ],
    ],
  ],
  [
    'productivity',
    [
      [
        /\b(procrastinat\w{0,24}|productiv\w{0,24}|focus|focused|concentrat\w{0,24}|habit|habits|routine|organi[sz]ed?|time management|screen ?time|phone|social media|distract\w{0,24}|deep work|inbox|declutter\w{0,24}|tidy|consisten\w{0,24}|discipline|self-discipline|to-?do|prioriti[sz]\w{0,24}|on time|deadlines)\b/,
        3,
      ],
      [
        /\b(read (?:more|\d{1,6}|every)|reading habit|books? a (?:month|year|week)|floss\w{0,24}|journal(?:ing)?|wake up at|get up at)\b/,
        3,
      ],
      [/\b(gewohnheit\w{0,24}|habitudes?|h[áa]bitos?|produktiv\w{0,24}|productivit[ée])\b|習慣|习惯|拖延|集中/, 3],
    ],
  ],
]

export function classify(goal: string, context: string): GoalKind {
  return classifyWithEvidence(goal, context).kind
}

// The same patterns with the global flag, to collect every word of the goal they cover.
const GLOBAL = new Map<RegExp, RegExp>(KINDS.flatMap(([, ps]) => ps.map(([re]) => [re, new RegExp(re.source, `${re.flags}g`)] as const)))

/**
 * The kind as `classify` picks it, with the goal's words its patterns matched (for the routing
 * confidence of route.ts: the goal's object must be among them, not only a stray word).
 */
export function classifyWithEvidence(goal: string, context: string): { kind: GoalKind; words: string[] } {
  const g = goal.normalize('NFKC').toLowerCase()
  const c = context.normalize('NFKC').toLowerCase()
  let best: { kind: GoalKind; score: number; patterns: RegExp[] } = { kind: 'general', score: 0, patterns: [] }
  for (const [kind, patterns] of KINDS) {
    let score = 0
    const hit: RegExp[] = []
    for (const [re, weight] of patterns) {
      if (re.test(g)) {
        score += weight
        hit.push(re)
      } else if (re.test(c)) score += weight / 4
    }
    if (score > best.score) best = { kind, score, patterns: hit }
  }
  if (best.score < 1) return { kind: 'general', words: [] }
  const words = best.patterns.flatMap((re) => [...g.matchAll(GLOBAL.get(re)!)].map((m) => m[0]))
  return { kind: best.kind, words }
}
