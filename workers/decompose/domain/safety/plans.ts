/**
 * Safety plans and messages (issue 18 §1): data, in the four languages the screen reads.
 * `{line}` is the first help line of the person's region, `{emergency}` its emergency number.
 *
 * The crisis plan follows the Safety Planning Intervention (Stanley & Brown 2012, Cognitive and
 * Behavioral Practice 19(2)): warning signs, coping steps, people and places, professionals
 * and crisis lines, making the surroundings safer. It never plans toward the stated goal.
 * The eating plan follows NICE NG69 (2017, "Eating disorders: recognition and treatment"):
 * see a GP early, regular eating, no weighing or calorie targets without a clinician. The
 * plan for under-18s follows the AAP's 2023 clinical practice guideline on obesity in
 * children and adolescents: family-based, no dieting, a paediatrician involved. The swimming
 * plan follows the RLSS UK / Swim England advice that non-swimmers learn with a qualified
 * instructor, in shallow water, never alone.
 */
export type Lang = 'en' | 'fr' | 'es' | 'de'
export type SupportStep = { title: string; description: string; minutes: number }
export type SupportPlan = { days: SupportStep[]; later: SupportStep[] }

export const CRISIS_PLAN: Record<Lang, SupportPlan> = {
  en: {
    days: [
      {
        title: 'Day 1: reach a crisis line today',
        description:
          'Right now, contact {line}: saying 1 sentence, “I am not OK”, is enough to start. If you might act on these thoughts, call {emergency} or go to the nearest emergency department.',
        minutes: 15,
      },
      {
        title: 'Tell 1 person you trust',
        description:
          'Call or message 1 person you trust and tell them you are having a very hard time. Ask them to check in with you tomorrow.',
        minutes: 10,
      },
      {
        title: 'Make your space safer',
        description:
          'Put anything you could use to hurt yourself out of reach, or ask someone to keep it for you for now. Distance helps the worst 10 minutes pass.',
        minutes: 10,
      },
      {
        title: 'Ask a doctor for an appointment',
        description:
          'Call your doctor or a mental health service and ask for an appointment within 7 days. Say you have had thoughts of ending your life, so they can see you sooner.',
        minutes: 10,
      },
      {
        title: 'Write your safety plan',
        description:
          'On 1 page, write your warning signs, 3 things that calm you a little, people and places that help, and the lines to call ({line}). Keep it on your phone.',
        minutes: 15,
      },
      {
        title: 'Pause big decisions',
        description:
          'Hold off on giving things away or any big decision for now. Write them on 1 list to look at later with someone you trust.',
        minutes: 5,
      },
      {
        title: 'Day 7: check in with yourself',
        description:
          'Rate how you feel from 0 to 10, morning and evening, and share the numbers with your doctor or the person you told. If it gets worse, contact {line}.',
        minutes: 5,
      },
      {
        title: 'Step outside for 10 minutes',
        description: 'If you can, go outside for 10 minutes of daylight, alone or with someone. Small things count.',
        minutes: 10,
      },
      {
        title: 'Eat and drink at regular times',
        description: 'Have a glass of water and 3 simple meals or snacks at regular times today. Your body needs care too.',
        minutes: 10,
      },
      {
        title: 'Plan tonight so you are not alone',
        description: 'Plan 1 thing for tonight with someone nearby or on the phone: a call, a show, a walk. Keep {line} at hand.',
        minutes: 10,
      },
      {
        title: 'Follow up on your appointment',
        description:
          'If you have no appointment yet, call again, or ask the person you told to help you book 1. Ask what to do if you feel worse before then.',
        minutes: 10,
      },
      {
        title: 'Do 1 kind thing for yourself',
        description: 'Choose 1 small comfort (a shower, music you like, a favourite drink) and do it without needing to earn it.',
        minutes: 10,
      },
      {
        title: 'Reconnect with 1 more person',
        description: 'Send 1 short message to someone you have not talked to in a while. It does not need to explain anything.',
        minutes: 5,
      },
      {
        title: 'Day 14: review your safety plan',
        description:
          'Go through your safety plan with your doctor, a counsellor or the person you trust, and add what helped in these 14 days. Help is there every day: {line}.',
        minutes: 15,
      },
    ],
    later: [
      {
        title: 'Keep your appointments',
        description:
          'Keep going to the appointments you booked and tell them honestly how you are, including any thoughts of harming yourself. Contact {line} whenever you need to.',
        minutes: 30,
      },
      {
        title: 'Come back to your goal with support',
        description:
          'When you and your doctor or counsellor feel ready, come back to the goal you had, in small steps, with your safety plan kept close.',
        minutes: 20,
      },
    ],
  },
  fr: {
    days: [
      {
        title: 'Jour 1 : contactez une ligne d’écoute',
        description:
          'Maintenant, contactez le {line} : dire 1 phrase, « je ne vais pas bien », suffit pour commencer. Si vous risquez de passer à l’acte, appelez le {emergency} ou allez aux urgences.',
        minutes: 15,
      },
      {
        title: 'Parlez à 1 personne de confiance',
        description:
          'Appelez ou écrivez à 1 personne de confiance et dites-lui que vous traversez un moment très difficile. Demandez-lui de prendre de vos nouvelles demain.',
        minutes: 10,
      },
      {
        title: 'Rendez votre espace plus sûr',
        description:
          'Mettez hors de portée ce qui pourrait vous servir à vous faire du mal, ou confiez-le à quelqu’un pour l’instant. La distance aide à passer les 10 pires minutes.',
        minutes: 10,
      },
      {
        title: 'Demandez un rendez-vous médical',
        description:
          'Appelez votre médecin ou un service de santé mentale et demandez un rendez-vous sous 7 jours. Dites que vous avez eu des idées suicidaires, pour être reçu plus vite.',
        minutes: 10,
      },
      {
        title: 'Écrivez votre plan de sécurité',
        description:
          'Sur 1 page, notez vos signes d’alerte, 3 choses qui vous apaisent un peu, les personnes et lieux qui aident, et les numéros à appeler ({line}). Gardez-la sur votre téléphone.',
        minutes: 15,
      },
      {
        title: 'Remettez les grandes décisions',
        description:
          'Ne donnez pas vos affaires et ne prenez pas de grande décision pour l’instant. Notez-les sur 1 liste à revoir plus tard avec une personne de confiance.',
        minutes: 5,
      },
      {
        title: 'Jour 7 : faites le point',
        description:
          'Notez votre état de 0 à 10, matin et soir, et partagez ces notes avec votre médecin ou la personne à qui vous avez parlé. Si cela empire, contactez le {line}.',
        minutes: 5,
      },
      {
        title: 'Sortez 10 minutes',
        description: 'Si vous le pouvez, sortez 10 minutes à la lumière du jour, seul ou accompagné. Les petites choses comptent.',
        minutes: 10,
      },
      {
        title: 'Mangez et buvez à heures fixes',
        description:
          'Buvez un verre d’eau et prenez 3 repas ou collations simples à heures régulières aujourd’hui. Votre corps a aussi besoin de soin.',
        minutes: 10,
      },
      {
        title: 'Prévoyez la soirée à plusieurs',
        description:
          'Prévoyez 1 chose ce soir avec quelqu’un près de vous ou au téléphone : un appel, une série, une marche. Gardez le {line} à portée de main.',
        minutes: 10,
      },
      {
        title: 'Relancez pour votre rendez-vous',
        description:
          'Si vous n’avez pas encore de rendez-vous, rappelez, ou demandez à la personne de confiance de vous aider à en obtenir 1. Demandez quoi faire si cela empire d’ici là.',
        minutes: 10,
      },
      {
        title: 'Faites 1 chose douce pour vous',
        description:
          'Choisissez 1 petit réconfort (une douche, une musique aimée, une boisson préférée) et faites-le sans avoir à le mériter.',
        minutes: 10,
      },
      {
        title: 'Reprenez contact avec 1 personne',
        description: 'Envoyez 1 message court à quelqu’un à qui vous n’avez pas parlé depuis un moment. Il n’a rien à expliquer.',
        minutes: 5,
      },
      {
        title: 'Jour 14 : revoyez votre plan',
        description:
          'Relisez votre plan de sécurité avec votre médecin, un psychologue ou la personne de confiance, et ajoutez ce qui a aidé pendant ces 14 jours. L’aide est là chaque jour : {line}.',
        minutes: 15,
      },
    ],
    later: [
      {
        title: 'Allez à vos rendez-vous',
        description:
          'Continuez d’aller aux rendez-vous pris et dites honnêtement comment vous allez, y compris vos idées de vous faire du mal. Contactez le {line} dès que besoin.',
        minutes: 30,
      },
      {
        title: 'Revenez à votre objectif, accompagné',
        description:
          'Quand vous et votre médecin vous sentirez prêts, revenez à votre objectif par petites étapes, votre plan de sécurité à portée de main.',
        minutes: 20,
      },
    ],
  },
  es: {
    days: [
      {
        title: 'Día 1: contacta una línea de ayuda',
        description:
          'Ahora mismo, llama al {line}: decir 1 frase, «no estoy bien», basta para empezar. Si crees que puedes hacerte daño, llama al {emergency} o ve a urgencias.',
        minutes: 15,
      },
      {
        title: 'Cuéntaselo a 1 persona de confianza',
        description: 'Llama o escribe a 1 persona de confianza y dile que lo estás pasando muy mal. Pídele que hable contigo mañana.',
        minutes: 10,
      },
      {
        title: 'Haz tu espacio más seguro',
        description:
          'Aleja lo que podrías usar para hacerte daño, o pide a alguien que lo guarde por ahora. La distancia ayuda a pasar los 10 peores minutos.',
        minutes: 10,
      },
      {
        title: 'Pide cita con un médico',
        description:
          'Llama a tu médico o a un servicio de salud mental y pide cita en los próximos 7 días. Di que has tenido pensamientos de quitarte la vida, para que te atiendan antes.',
        minutes: 10,
      },
      {
        title: 'Escribe tu plan de seguridad',
        description:
          'En 1 página, anota tus señales de alarma, 3 cosas que te calman un poco, personas y lugares que ayudan, y los teléfonos a los que llamar ({line}). Guárdala en el móvil.',
        minutes: 15,
      },
      {
        title: 'Aplaza las grandes decisiones',
        description:
          'No regales tus cosas ni tomes grandes decisiones por ahora. Apúntalas en 1 lista para revisarla más adelante con alguien de confianza.',
        minutes: 5,
      },
      {
        title: 'Día 7: cómo te sientes',
        description:
          'Puntúa cómo te sientes de 0 a 10, por la mañana y por la noche, y comparte las notas con tu médico o con la persona a la que se lo contaste. Si empeora, llama al {line}.',
        minutes: 5,
      },
      {
        title: 'Sal 10 minutos',
        description: 'Si puedes, sal 10 minutos a la luz del día, solo o acompañado. Las cosas pequeñas cuentan.',
        minutes: 10,
      },
      {
        title: 'Come y bebe a horas regulares',
        description: 'Toma un vaso de agua y 3 comidas o tentempiés sencillos a horas regulares hoy. Tu cuerpo también necesita cuidado.',
        minutes: 10,
      },
      {
        title: 'Planea la noche acompañado',
        description:
          'Planea 1 cosa para esta noche con alguien cerca o al teléfono: una llamada, una serie, un paseo. Ten el {line} a mano.',
        minutes: 10,
      },
      {
        title: 'Insiste con tu cita',
        description:
          'Si aún no tienes cita, vuelve a llamar o pide ayuda a tu persona de confianza para conseguir 1. Pregunta qué hacer si empeoras antes.',
        minutes: 10,
      },
      {
        title: 'Haz 1 cosa amable por ti',
        description: 'Elige 1 pequeño gusto (una ducha, música que te guste, tu bebida favorita) y hazlo sin tener que ganártelo.',
        minutes: 10,
      },
      {
        title: 'Retoma el contacto con 1 persona',
        description: 'Envía 1 mensaje corto a alguien con quien no hablas desde hace tiempo. No hace falta explicar nada.',
        minutes: 5,
      },
      {
        title: 'Día 14: revisa tu plan',
        description:
          'Repasa tu plan de seguridad con tu médico, un psicólogo o tu persona de confianza, y añade lo que te ayudó en estos 14 días. La ayuda está ahí cada día: {line}.',
        minutes: 15,
      },
    ],
    later: [
      {
        title: 'Acude a tus citas',
        description:
          'Sigue yendo a las citas y cuenta con sinceridad cómo estás, también si piensas en hacerte daño. Llama al {line} siempre que lo necesites.',
        minutes: 30,
      },
      {
        title: 'Vuelve a tu objetivo con apoyo',
        description: 'Cuando tú y tu médico lo veáis oportuno, vuelve a tu objetivo en pasos pequeños, con tu plan de seguridad a mano.',
        minutes: 20,
      },
    ],
  },
  de: {
    days: [
      {
        title: 'Tag 1: Hilfe anrufen, heute',
        description:
          'Rufen Sie jetzt die {line} an: 1 Satz wie „Mir geht es nicht gut“ reicht als Anfang. Wenn Sie fürchten, sich etwas anzutun, rufen Sie die {emergency} an oder gehen Sie in die Notaufnahme.',
        minutes: 15,
      },
      {
        title: '1 Vertrauensperson einweihen',
        description:
          'Rufen Sie 1 Vertrauensperson an oder schreiben Sie ihr, dass es Ihnen gerade sehr schlecht geht. Bitten Sie sie, sich morgen bei Ihnen zu melden.',
        minutes: 10,
      },
      {
        title: 'Ihre Umgebung sicherer machen',
        description:
          'Bringen Sie alles außer Reichweite, womit Sie sich verletzen könnten, oder geben Sie es vorerst jemandem. Abstand hilft, die schlimmsten 10 Minuten zu überstehen.',
        minutes: 10,
      },
      {
        title: 'Einen Arzttermin vereinbaren',
        description:
          'Rufen Sie Ihre Hausärztin oder einen psychiatrischen Dienst an und bitten Sie um einen Termin innerhalb von 7 Tagen. Sagen Sie, dass Sie Suizidgedanken haben, damit es schneller geht.',
        minutes: 10,
      },
      {
        title: 'Ihren Sicherheitsplan schreiben',
        description:
          'Notieren Sie auf 1 Seite Ihre Warnzeichen, 3 Dinge, die Sie etwas beruhigen, hilfreiche Menschen und Orte und die Nummern ({line}). Speichern Sie sie im Handy.',
        minutes: 15,
      },
      {
        title: 'Große Entscheidungen vertagen',
        description:
          'Verschenken Sie jetzt nichts und treffen Sie keine großen Entscheidungen. Schreiben Sie sie auf 1 Liste, die Sie später mit einer Vertrauensperson ansehen.',
        minutes: 5,
      },
      {
        title: 'Tag 7: wie geht es Ihnen?',
        description:
          'Bewerten Sie Ihr Befinden morgens und abends von 0 bis 10 und teilen Sie die Werte mit Ihrer Ärztin oder Ihrer Vertrauensperson. Wird es schlimmer, rufen Sie die {line} an.',
        minutes: 5,
      },
      {
        title: '10 Minuten nach draußen',
        description: 'Wenn es geht, gehen Sie 10 Minuten ins Tageslicht, allein oder mit jemandem. Kleine Dinge zählen.',
        minutes: 10,
      },
      {
        title: 'Regelmäßig essen und trinken',
        description:
          'Trinken Sie ein Glas Wasser und essen Sie heute 3 einfache Mahlzeiten zu festen Zeiten. Auch Ihr Körper braucht Fürsorge.',
        minutes: 10,
      },
      {
        title: 'Den Abend nicht allein planen',
        description:
          'Planen Sie für heute Abend 1 Sache mit jemandem in der Nähe oder am Telefon: ein Anruf, eine Serie, ein Spaziergang. Halten Sie die {line} bereit.',
        minutes: 10,
      },
      {
        title: 'Beim Termin nachhaken',
        description:
          'Wenn Sie noch keinen Termin haben, rufen Sie erneut an oder bitten Sie Ihre Vertrauensperson, Ihnen bei 1 Termin zu helfen. Fragen Sie, was Sie tun können, wenn es vorher schlimmer wird.',
        minutes: 10,
      },
      {
        title: '1 Sache nur für Sie',
        description:
          'Wählen Sie 1 kleine Wohltat (eine Dusche, Lieblingsmusik, ein Lieblingsgetränk) und gönnen Sie sie sich, ohne sie verdienen zu müssen.',
        minutes: 10,
      },
      {
        title: 'Mit 1 Menschen Kontakt aufnehmen',
        description: 'Schicken Sie 1 kurze Nachricht an jemanden, mit dem Sie länger nicht gesprochen haben. Sie müssen nichts erklären.',
        minutes: 5,
      },
      {
        title: 'Tag 14: Sicherheitsplan prüfen',
        description:
          'Gehen Sie Ihren Sicherheitsplan mit Ihrer Ärztin, einer Therapeutin oder Ihrer Vertrauensperson durch und ergänzen Sie, was in diesen 14 Tagen geholfen hat. Hilfe gibt es jeden Tag: {line}.',
        minutes: 15,
      },
    ],
    later: [
      {
        title: 'Termine wahrnehmen',
        description:
          'Gehen Sie weiter zu Ihren Terminen und sagen Sie ehrlich, wie es Ihnen geht, auch wenn Sie daran denken, sich etwas anzutun. Die {line} ist jederzeit da.',
        minutes: 30,
      },
      {
        title: 'Mit Unterstützung zum Ziel zurück',
        description:
          'Wenn Sie und Ihre Ärztin es für richtig halten, kehren Sie in kleinen Schritten zu Ihrem Ziel zurück, den Sicherheitsplan griffbereit.',
        minutes: 20,
      },
    ],
  },
}

/** Plans that replace a goal that is itself unsafe for this person (caution level); their translations are in support/<lang>.json. */
export const SUPPORT_PLANS: Record<'harm' | 'eating' | 'minor' | 'water', SupportPlan> = {
  harm: {
    days: [
      {
        title: 'Day 1: write down what happened',
        description:
          'Write 1 page of facts about the situation with this person: dates, what was said or done, and how it affected you. Facts, not judgements; you will use them with HR or a mediator.',
        minutes: 20,
      },
      {
        title: 'Name what you need',
        description:
          'Write 3 outcomes that would make things better for you, such as clear tasks, fair credit, a different team or distance. Each should be something you can ask for.',
        minutes: 15,
      },
      {
        title: 'Read the policy that covers it',
        description:
          'Find your workplace’s grievance, bullying or conduct policy (or your tenancy, club or school rules) and note the first step it names and who to contact.',
        minutes: 15,
      },
      {
        title: 'Book a talk with HR or your manager',
        description:
          'Ask HR, your manager or another neutral person for 30 minutes to talk about a working relationship that is not going well. Bring your page of facts.',
        minutes: 10,
      },
      {
        title: 'Plan 1 direct conversation',
        description:
          'Write 3 sentences for a calm talk: what you noticed, how it affects your work or life, and the 1 change you ask for. No blame, no threats.',
        minutes: 15,
      },
      {
        title: 'Cool down before acting',
        description:
          'When anger about this person comes up, wait 20 minutes before you send or do anything: walk, breathe slowly, or write the message and do not send it.',
        minutes: 20,
      },
      {
        title: 'Day 7: review the week',
        description:
          'Note 1 thing that helped and 1 that made it worse. If you feel the urge to hurt, watch or control someone, tell a doctor or counsellor; they can help with that.',
        minutes: 10,
      },
      {
        title: 'Ask about mediation',
        description:
          'Ask HR or a mediation service whether a facilitated conversation with this person is possible. A neutral third person makes a fair outcome more likely.',
        minutes: 15,
      },
      {
        title: 'Have the conversation',
        description:
          'Have your planned talk, or the mediated one. Say your 3 sentences, listen to the answer for 5 minutes without interrupting, and agree on 1 next step.',
        minutes: 30,
      },
      {
        title: 'Think about your own path',
        description:
          'Write what you want from your work or life in 1 year. If this situation blocks it, list 2 options you control: another role, a career conversation, a move.',
        minutes: 20,
      },
      {
        title: 'Book a career conversation',
        description:
          'Ask your manager, HR or a career adviser for a 30-minute career conversation about your next step. Bring your 2 options.',
        minutes: 10,
      },
      {
        title: 'Lean on 1 person',
        description:
          'Talk to 1 friend or family member you trust about how this situation feels, for 20 minutes. Ask them to listen, not to take sides.',
        minutes: 20,
      },
      {
        title: 'Keep boundaries, not control',
        description:
          'Write 2 boundaries for yourself (what you will do, not what the other person must do), such as leaving a conversation that turns hostile.',
        minutes: 15,
      },
      {
        title: 'Day 14: choose the next step',
        description:
          'Read your notes from the 2 weeks and choose 1 next step: a follow-up with HR, the agreed change, the career move, or support for yourself from a counsellor.',
        minutes: 15,
      },
    ],
    later: [
      {
        title: 'Follow up on the agreement',
        description:
          'Meet HR, your manager or the other person again for 20 minutes to check the agreed change. If nothing changed, ask about the formal grievance step.',
        minutes: 20,
      },
    ],
  },
  eating: {
    days: [
      {
        title: 'Day 1: book a GP appointment',
        description:
          'Book an appointment with your GP or doctor within 7 days and tell them how you have been eating and what you want to change. If you feel unsafe, contact {line} today.',
        minutes: 10,
      },
      {
        title: 'Eat 3 meals and 2 snacks',
        description:
          'Eat breakfast, lunch, dinner and 2 snacks at roughly regular times today, without counting calories. Regular eating is the first step NICE recommends.',
        minutes: 15,
      },
      {
        title: 'Put the scales away for 14 days',
        description:
          'Put the scales and calorie apps out of sight for the next 14 days; your doctor can weigh you if it is needed. Note 1 feeling each time you want to check.',
        minutes: 5,
      },
      {
        title: 'Tell 1 person you trust',
        description: 'Tell 1 person you trust that you are struggling with food and ask them to eat 1 meal with you this week.',
        minutes: 10,
      },
      {
        title: 'Write what you want your doctor to know',
        description:
          'Write 5 lines for your appointment: how you eat, what you feel about food and your body, and any dizziness, fainting or missed periods.',
        minutes: 10,
      },
      {
        title: 'Notice the inner critic',
        description: 'When a harsh thought about food or your body comes, write it down and 1 kinder sentence beside it. Aim for 2 today.',
        minutes: 10,
      },
      {
        title: 'Day 7: look back at the week',
        description:
          'Count on how many of the last 6 days you ate 3 meals, and note 1 moment that was hard. Bring both to your appointment.',
        minutes: 5,
      },
      {
        title: 'Keep your appointment',
        description:
          'Go to your appointment with your 5 lines, and ask about a referral to an eating disorder service if your doctor thinks it fits.',
        minutes: 30,
      },
      {
        title: 'Plan tomorrow’s 3 meals',
        description: 'Plan 3 meals and 2 snacks for tomorrow with foods you feel able to eat, and put them where you will see them.',
        minutes: 10,
      },
      {
        title: 'Do 1 activity that is not about your body',
        description: 'Spend 20 minutes on something you enjoy that is not about food, weight or exercise.',
        minutes: 20,
      },
      {
        title: 'Unfollow 5 accounts that make you feel worse',
        description: 'Mute or unfollow 5 accounts that push diets, “body checks” or thinness, and follow 1 that helps.',
        minutes: 10,
      },
      {
        title: 'Eat 1 meal with someone',
        description: 'Share 1 meal with the person you told, or with anyone you feel at ease with, and talk about something else.',
        minutes: 30,
      },
      {
        title: 'Note what helped',
        description: 'Write 3 things that made eating easier this week, so you and your doctor can use them.',
        minutes: 5,
      },
      {
        title: 'Day 14: next steps with your doctor',
        description: 'Review the 14 days with your doctor or service and agree the next 2 steps together. Support lines: {line}.',
        minutes: 15,
      },
    ],
    later: [
      {
        title: 'Follow the plan you agree with your team',
        description: 'Follow the eating plan you agree with your doctor or eating disorder team and go to every check-up.',
        minutes: 30,
      },
    ],
  },
  minor: {
    days: [
      {
        title: 'Day 1: talk to a parent or carer',
        description:
          'Tell a parent, carer or school nurse what you want to change and ask them to book 1 visit with your doctor. At your age, growing well matters more than a number on the scales.',
        minutes: 10,
      },
      {
        title: 'Eat 3 meals and 1 snack',
        description:
          'Eat breakfast, lunch, dinner and 1 snack today at regular times, without skipping any. Growing bodies need regular fuel.',
        minutes: 15,
      },
      {
        title: 'Play or move for 30 minutes',
        description:
          'Do 30 minutes of something active you enjoy (a sport, a bike ride, dancing, a walk with a friend). Fun counts more than calories.',
        minutes: 30,
      },
      {
        title: 'Swap 1 sugary drink for water',
        description: 'Swap 1 sugary drink today for water or milk, and keep a water bottle with you.',
        minutes: 5,
      },
      {
        title: 'Screens off 1 hour before bed',
        description: 'Put screens away 1 hour before bed tonight; sleep helps you grow and feel good.',
        minutes: 5,
      },
      {
        title: 'Cook 1 meal with your family',
        description: 'Help cook 1 family meal with at least 2 vegetables, and eat it together at the table.',
        minutes: 30,
      },
      {
        title: 'Day 7: what felt good this week?',
        description:
          'Write down 3 things that felt good this week (an activity, a meal, a good night’s sleep) and share them with your parent or carer.',
        minutes: 5,
      },
      {
        title: 'See your doctor',
        description:
          'Go to the appointment with your parent or carer and ask 1 question: what healthy growth looks like for you; your doctor will not just look at weight.',
        minutes: 30,
      },
      {
        title: 'Try 1 new active game',
        description: 'Try 1 new sport, game or activity for 30 minutes, with a friend if you can.',
        minutes: 30,
      },
      {
        title: 'Make 1 healthy snack box',
        description: 'Pack 1 snack box with fruit and something filling for school or outings.',
        minutes: 10,
      },
      {
        title: 'Be kind about your body',
        description: 'Write 3 things your body lets you do (run, swim, hug, dance). Bodies change a lot while you grow.',
        minutes: 5,
      },
      {
        title: 'Plan 1 active weekend outing',
        description: 'Plan 1 outing for the weekend with family or friends that gets you moving for 1 hour: a park, a swim, a bike ride.',
        minutes: 10,
      },
      {
        title: 'Share how you feel',
        description: 'If you feel bad about your body or food, tell 1 adult you trust today; you do not have to handle it alone.',
        minutes: 10,
      },
      {
        title: 'Day 14: next steps together',
        description: 'Look back at the 14 days with your parent or carer and choose 2 habits to keep, as your doctor advised.',
        minutes: 15,
      },
    ],
    later: [
      {
        title: 'Keep the 2 habits you chose',
        description: 'Keep the 2 habits you chose with your family, and check in with your doctor as they advised.',
        minutes: 30,
      },
    ],
  },
  water: {
    days: [
      {
        title: 'Day 1: book lessons with an instructor',
        description:
          'Book 1 course of adult swimming lessons with a qualified instructor at your local pool (many run non-swimmer or “fear of water” classes). Never practise in deep or open water alone.',
        minutes: 15,
      },
      {
        title: 'Visit the pool and watch 1 lesson',
        description: 'Visit the pool, find the shallow end and watch 1 lesson from the side for 15 minutes, so the place feels familiar.',
        minutes: 20,
      },
      {
        title: 'Practise calm breathing on land',
        description: 'Practise breathing in for 4 counts and out slowly for 6, 10 times: the same calm breath will help in the water.',
        minutes: 5,
      },
      {
        title: 'Stand in the shallow end',
        description: 'With a lifeguard on duty, stand in waist-deep water at the shallow end for 10 minutes, holding the side if you like.',
        minutes: 20,
      },
      {
        title: 'Blow bubbles with your face in',
        description: 'In the shallow end, holding the side, put your face in the water and blow bubbles out slowly, 10 times.',
        minutes: 20,
      },
      {
        title: 'Take your first lesson',
        description: 'Take your first lesson (lesson 1) and tell the instructor what you are afraid of, so they can go at your pace.',
        minutes: 30,
      },
      {
        title: 'Day 7: rate your comfort',
        description: 'Rate your comfort in the water from 0 to 10 and write 1 thing that helped. Share it with your instructor.',
        minutes: 5,
      },
      {
        title: 'Float with support',
        description: 'In the shallow end, with a float or the instructor’s help, practise floating on your front for 5 seconds, 5 times.',
        minutes: 20,
      },
      {
        title: 'Rest day: watch 1 technique video',
        description: 'Watch 1 short video on beginner floating or kicking and note 2 points to ask your instructor about.',
        minutes: 10,
      },
      {
        title: 'Take your second lesson',
        description: 'Take your second lesson (lesson 2) and practise what the instructor sets, only where you can stand.',
        minutes: 30,
      },
      {
        title: 'Kick along the side',
        description: 'Holding the side or a float in the shallow end, practise kicking for 20 seconds, 5 times, with rests.',
        minutes: 20,
      },
      {
        title: 'Get out and back in calmly',
        description:
          'Practise getting in and out of the shallow end by the steps 5 times, calmly, so you know you can always reach the side.',
        minutes: 15,
      },
      {
        title: 'Take your third lesson',
        description: 'Take your third lesson (lesson 3) and ask the instructor for 1 next step for you.',
        minutes: 30,
      },
      {
        title: 'Day 14: review with your instructor',
        description:
          'Rate your comfort again from 0 to 10 and agree the next 2 skills with your instructor. Stay in water where you can stand until they say otherwise.',
        minutes: 10,
      },
    ],
    later: [
      {
        title: 'Swim 1 width with your instructor nearby',
        description: 'When your instructor agrees, swim 1 width in the shallow end with them nearby.',
        minutes: 30,
      },
      {
        title: 'Deep water only after lessons',
        description: 'Move to deeper water only when your instructor says you are ready, and never swim in open water alone.',
        minutes: 30,
      },
    ],
  },
}

export const MESSAGES: Record<'crisis' | 'refuse' | 'caution', Record<Lang, string>> = {
  // Harm to others (issue 30 §1): no plan toward it, the constructive goal underneath instead.
  refuse: {
    en: 'We can’t make a plan to harm, push out, watch or control another person. If there is a real conflict underneath, this plan helps you resolve it: facts, HR or a mediator, a direct conversation and your own next career step.',
    fr: 'Nous ne pouvons pas faire de plan pour nuire à une autre personne, l’évincer, la surveiller ou la contrôler. S’il y a un vrai conflit derrière, ce plan aide à le résoudre : les faits, les RH ou un médiateur, une conversation directe et votre propre prochaine étape professionnelle.',
    es: 'No podemos hacer un plan para dañar, echar, vigilar o controlar a otra persona. Si hay un conflicto real detrás, este plan te ayuda a resolverlo: los hechos, RR. HH. o una mediación, una conversación directa y tu propio siguiente paso profesional.',
    de: 'Wir können keinen Plan erstellen, der einer anderen Person schadet, sie verdrängt, überwacht oder kontrolliert. Wenn dahinter ein echter Konflikt steht, hilft Ihnen dieser Plan, ihn zu lösen: Fakten, Personalabteilung oder Mediation, ein direktes Gespräch und Ihr eigener nächster beruflicher Schritt.',
  },
  crisis: {
    en: 'It sounds like you are going through something very painful. You deserve support right now: please contact {line} today, or {emergency} if you are in danger. This plan is about staying safe and reaching help, not the goal you wrote.',
    fr: 'Vous semblez traverser quelque chose de très douloureux. Vous méritez du soutien maintenant : contactez le {line} aujourd’hui, ou le {emergency} si vous êtes en danger. Ce plan vise à vous mettre en sécurité et à trouver de l’aide, pas l’objectif écrit.',
    es: 'Parece que estás pasando por algo muy doloroso. Mereces apoyo ahora mismo: llama al {line} hoy, o al {emergency} si estás en peligro. Este plan es para estar a salvo y buscar ayuda, no para el objetivo que escribiste.',
    de: 'Es klingt, als ginge es Ihnen gerade sehr schlecht. Sie verdienen jetzt Unterstützung: Rufen Sie heute die {line} an, oder die {emergency}, wenn Sie in Gefahr sind. Dieser Plan dient Ihrer Sicherheit und dem Weg zu Hilfe, nicht dem genannten Ziel.',
  },
  caution: {
    en: 'Something you wrote needs care before you start: {what}. The plan puts a professional first and keeps the doses conservative.',
    fr: 'Un point de votre message demande de la prudence avant de commencer : {what}. Le plan commence par un professionnel de santé et reste prudent.',
    es: 'Algo de lo que escribiste requiere precaución antes de empezar: {what}. El plan empieza por un profesional y mantiene dosis prudentes.',
    de: 'Etwas in Ihrer Beschreibung verlangt Vorsicht, bevor Sie beginnen: {what}. Der Plan beginnt mit einer Fachperson und bleibt vorsichtig dosiert.',
  },
}

/**
 * The specific danger named when a restriction meets a medication or history (issue 30 §1).
 * Insulin: NHS "Diabetic ketoacidosis" (nhs.uk/conditions/diabetic-ketoacidosis: caused by too
 * little insulin, life-threatening) and hypoglycaemia when food is cut but not the dose (NHS
 * "Low blood sugar (hypoglycaemia)"); IDF-DAR 2021: type 1 diabetes is very high risk for
 * fasting. Eating disorder history: NICE NG69 (no restriction without the care team).
 */
export const DANGER: Record<'insulin' | 'lithium' | 'medicine' | 'eating-history', Record<Lang, string>> = {
  insulin: {
    en: 'Fasting or cutting food while on insulin or diabetes tablets can cause dangerous low blood sugar (hypoglycaemia), and lowering or skipping insulin can cause diabetic ketoacidosis (DKA), which can be life-threatening. Don’t change your insulin or start a fast without your diabetes team.',
    fr: 'Jeûner ou réduire la nourriture sous insuline ou antidiabétiques peut provoquer une hypoglycémie dangereuse, et baisser ou sauter l’insuline peut provoquer une acidocétose diabétique, qui peut être mortelle. Ne modifiez pas votre insuline et ne commencez pas de jeûne sans votre équipe diabète.',
    es: 'Ayunar o reducir la comida con insulina o antidiabéticos puede causar una hipoglucemia peligrosa, y bajar o saltarte la insulina puede causar cetoacidosis diabética, que puede ser mortal. No cambies la insulina ni empieces un ayuno sin tu equipo de diabetes.',
    de: 'Fasten oder weniger essen unter Insulin oder Diabetes-Tabletten kann eine gefährliche Unterzuckerung (Hypoglykämie) auslösen, und weniger oder kein Insulin eine diabetische Ketoazidose, die lebensgefährlich sein kann. Ändern Sie Ihr Insulin nicht und beginnen Sie kein Fasten ohne Ihr Diabetes-Team.',
  },
  // NHS 'Lithium' (nhs.uk/medicines/lithium) and the BNF lithium carbonate monograph: dehydration
  // and sudden changes of diet or salt raise the lithium level towards toxicity.
  lithium: {
    en: 'Fasting, a water-only or dry fast, or eating and drinking much less while on lithium can raise your lithium level to a toxic one (lithium toxicity: sickness, diarrhoea, shaking, confusion), because dehydration and less salt change how your body clears it. Don’t fast or change your diet without your prescriber, and keep drinking enough fluids.',
    fr: 'Jeûner (jeûne hydrique ou sec) ou manger et boire beaucoup moins sous lithium peut faire monter le lithium à un niveau toxique (intoxication au lithium : nausées, diarrhée, tremblements, confusion), car la déshydratation et le manque de sel changent son élimination. Ne jeûnez pas et ne changez pas votre alimentation sans votre prescripteur, et buvez suffisamment.',
    es: 'Ayunar (con agua o en seco) o comer y beber mucho menos tomando litio puede subir el litio a un nivel tóxico (intoxicación por litio: náuseas, diarrea, temblores, confusión), porque la deshidratación y la falta de sal cambian cómo se elimina. No ayunes ni cambies tu dieta sin quien te lo receta, y bebe suficiente líquido.',
    de: 'Fasten (Wasser- oder Trockenfasten) oder viel weniger essen und trinken unter Lithium kann den Lithiumspiegel bis zur Vergiftung steigen lassen (Lithiumvergiftung: Übelkeit, Durchfall, Zittern, Verwirrtheit), weil Flüssigkeits- und Salzmangel die Ausscheidung ändern. Fasten Sie nicht und ändern Sie Ihre Ernährung nicht ohne Ihre verschreibende Ärztin oder Ihren Arzt, und trinken Sie genug.',
  },
  // NHS 'Warfarin' (diet changes change its effect) and Epilepsy Society 'Seizure triggers' (missed meals).
  medicine: {
    en: 'Fasting or a big change in what you eat can change how your medicine works: with warfarin your blood-thinning level (INR) can swing, and with epilepsy medicines missed meals and low blood sugar can bring on seizures. Talk to your prescriber before you fast or cut food.',
    fr: 'Jeûner ou changer beaucoup votre alimentation peut modifier l’effet de votre traitement : sous warfarine l’INR peut varier, et avec un antiépileptique les repas sautés et l’hypoglycémie peuvent déclencher des crises. Parlez-en à votre prescripteur avant de jeûner ou de manger moins.',
    es: 'Ayunar o cambiar mucho lo que comes puede cambiar el efecto de tu medicación: con warfarina el INR puede variar, y con antiepilépticos saltarte comidas y el azúcar bajo pueden provocar crisis. Habla con quien te lo receta antes de ayunar o comer menos.',
    de: 'Fasten oder eine starke Ernährungsumstellung kann die Wirkung Ihrer Medikamente ändern: unter Warfarin/Marcumar schwankt der INR-Wert, und unter Antiepileptika können ausgelassene Mahlzeiten und Unterzucker Anfälle auslösen. Sprechen Sie vor dem Fasten mit Ihrer verschreibenden Ärztin oder Ihrem Arzt.',
  },
  'eating-history': {
    en: 'After an eating disorder, fasting or a very low calorie intake can bring a relapse and is not safe without your care team.',
    fr: 'Après un trouble alimentaire, jeûner ou manger très peu peut provoquer une rechute et n’est pas sûr sans votre équipe de soins.',
    es: 'Después de un trastorno alimentario, ayunar o comer muy poco puede provocar una recaída y no es seguro sin tu equipo de salud.',
    de: 'Nach einer Essstörung kann Fasten oder sehr wenig Essen einen Rückfall auslösen und ist ohne Ihr Behandlungsteam nicht sicher.',
  },
}

export const CATEGORY_WORDS: Record<string, Record<Lang, string>> = {
  'harm-to-others': {
    en: 'a goal that could harm another person',
    fr: 'un objectif qui pourrait nuire à une autre personne',
    es: 'un objetivo que podría dañar a otra persona',
    de: 'ein Ziel, das einer anderen Person schaden könnte',
  },
  'minor-substances': {
    en: 'performance or weight-loss substances for someone under 18',
    fr: 'des produits dopants ou amaigrissants avant 18 ans',
    es: 'sustancias para rendimiento o adelgazar en un menor',
    de: 'leistungssteigernde oder Abnehmmittel vor 18 Jahren',
  },
  'medication-restriction': {
    en: 'fasting or restriction with a medication or eating disorder history',
    fr: 'un jeûne ou une restriction avec un traitement ou un antécédent de trouble alimentaire',
    es: 'ayuno o restricción con medicación o antecedentes de trastorno alimentario',
    de: 'Fasten oder Einschränkung bei Medikamenten oder früherer Essstörung',
  },
  'self-harm': {
    en: 'signs of distress or thoughts of self-harm',
    fr: 'des signes de détresse',
    es: 'señales de angustia',
    de: 'Anzeichen großer Belastung',
  },
  'eating-disorder': {
    en: 'eating disorder signs or extreme restriction',
    fr: 'des signes de trouble alimentaire',
    es: 'señales de trastorno alimentario',
    de: 'Anzeichen einer Essstörung',
  },
  'minor-weight': {
    en: 'a weight goal for someone under 18',
    fr: 'un objectif de poids avant 18 ans',
    es: 'un objetivo de peso para un menor',
    de: 'ein Gewichtsziel vor 18 Jahren',
  },
  medical: {
    // Generic on purpose: the message must not name signs the person did not mention.
    en: 'a health condition or warning sign to check with a doctor first',
    fr: 'un problème de santé ou un signal à voir d’abord avec un médecin',
    es: 'una condición de salud o una señal que conviene consultar antes con un médico',
    de: 'eine Erkrankung oder ein Warnzeichen, das Sie zuerst ärztlich abklären lassen sollten',
  },
  injury: { en: 'pain or an injury', fr: 'une douleur ou une blessure', es: 'dolor o una lesión', de: 'Schmerzen oder eine Verletzung' },
  'dangerous-activity': {
    en: 'an activity that is risky at your stated level (deep water without swimming skills, long fasts, very fast weight loss)',
    fr: 'une activité risquée à votre niveau',
    es: 'una actividad arriesgada para tu nivel',
    de: 'eine für Ihr Niveau riskante Aktivität',
  },
}
