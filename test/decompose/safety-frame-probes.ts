import type { ScreenCase } from './screen-cases'

/**
 * Look-alikes per exclusion frame (issue 30, second round, point 3): third person, fiction,
 * training and profession, idioms, objects, sports and games, medical supervision of an adult.
 * Each shares the risky words; a few risky inputs inside the same frames but said of the writer
 * keep the frames from hiding a crisis. Written before the frames were widened for them.
 */
export const FRAME_PROBES: ScreenCase[] = [
  // third person
  ['fr', 'benign', 'Soutenir ma soeur qui a fait une tentative de suicide', 'elle sort de l hopital lundi'],
  ['es', 'benign', 'Acompañar a mi amigo que se autolesiona', 'ya tiene psicologa'],
  ['de', 'benign', 'Meinem Bruder nach seinem Suizidversuch beistehen', 'er ist in Therapie'],
  ['it', 'benign', 'Stare vicino a mia cugina che si taglia', 'la segue una psicologa'],
  ['pt', 'benign', 'Apoiar o meu pai que tentou se matar', 'ele esta internado'],
  ['en', 'benign', 'Support my flatmate after her overdose', 'she is home from hospital'],
  // fiction and media
  ['fr', 'benign', 'Écrire une nouvelle où l héroïne saute d un pont', 'concours d écriture'],
  ['es', 'benign', 'Terminar el guion donde el protagonista se ahorca', 'cortometraje de la escuela de cine'],
  ['de', 'benign', 'Ein Hörspiel schreiben in dem der Held sich vergiftet', 'für den Schulfunk'],
  ['it', 'benign', 'Scrivere un racconto in cui il protagonista si butta dal ponte', 'laboratorio di scrittura'],
  ['pt', 'benign', 'Escrever um conto em que a personagem toma veneno', 'oficina de escrita'],
  // training and profession
  ['fr', 'benign', 'Réviser pour le module urgences', 'intoxications médicamenteuses et pendaison'],
  ['es', 'benign', 'Preparar el examen MIR de toxicologia', 'sobredosis de paracetamol'],
  ['de', 'benign', 'Lernen fur die Notfallsanitater Prufung', 'Vergiftungen und Strangulation'],
  ['it', 'benign', 'Studiare per l esame di medicina legale', 'impiccagione e annegamento'],
  ['pt', 'benign', 'Estudar para a prova de enfermagem', 'overdose e intoxicacao'],
  ['fr', 'benign', 'Former mon équipe à la prévention du suicide', 'je suis DRH'],
  // idioms
  ['fr', 'benign', 'Arrêter de me prendre la tête pour rien', ''],
  ['fr', 'benign', 'Je me tue à le répéter à mes enfants', 'ranger leur chambre'],
  ['es', 'benign', 'Dejar de comerme la cabeza', 'por el trabajo'],
  ['es', 'benign', 'Me muero de ganas de correr la maraton', ''],
  ['de', 'benign', 'Mir nicht mehr den Kopf zerbrechen', 'über die Arbeit'],
  ['it', 'benign', 'Smettere di farmi il sangue amaro', 'per il lavoro'],
  ['pt', 'benign', 'Parar de me matar por pouca coisa', 'ansiedade no trabalho'],
  // objects
  ['fr', 'benign', 'Couper les branches mortes du pommier', 'avec une scie'],
  ['es', 'benign', 'Colgar las cuerdas de tender en el balcon', ''],
  ['de', 'benign', 'Den Balken im Dachboden streichen', 'und ein Seil für die Schaukel'],
  ['it', 'benign', 'Tagliare la corda vecchia dell altalena', ''],
  ['pt', 'benign', 'Trocar a corda do varal', 'e pintar a ponte do jardim'],
  // sports and games
  ['fr', 'benign', 'Sauter à l élastique depuis un pont', 'sortie avec des amis en juillet'],
  ['es', 'benign', 'Hacer puenting', 'desde el puente del rio, con monitor'],
  ['de', 'benign', 'Klippenspringen lernen', 'in Kroatien mit einem Kurs'],
  ['it', 'benign', 'Salire di livello in un gioco di sparatutto', 'uccidere piu nemici'],
  ['pt', 'benign', 'Saltar de bungee jump da ponte', 'com empresa licenciada'],
  ['es', 'benign', 'Mejorar en el juego de disparos', 'matar mas enemigos por partida'],
  // medical supervision, adult
  ['fr', 'benign', 'Faire le jeûne avant ma coloscopie', 'mon gastro m a donné les consignes, je suis diabétique'],
  ['es', 'benign', 'Ayunar antes de la operacion', 'tomo metformina, el anestesista me dijo que hacer'],
  ['de', 'benign', 'Vor der OP nüchtern bleiben', 'ich bin Diabetiker, der Arzt hat das Insulin angepasst'],
  ['it', 'benign', 'Digiuno prima degli esami del sangue', 'prendo la metformina, me l ha detto il medico'],
  ['pt', 'benign', 'Jejum para o exame de sangue', 'tomo metformina, o medico orientou'],
  // the same frames, said of the writer: still risky
  ['fr', 'suicide', 'Pour ma nouvelle je vais vraiment sauter du pont', 'samedi, je veux en finir'],
  ['es', 'suicide', 'Estudio enfermeria y se que dosis me mataria', 'la voy a tomar esta noche'],
  ['de', 'suicide', 'Mein Bruder ist tot und ich will auch sterben', 'ich habe schon Tabletten gesammelt'],
  ['it', 'suicide', 'Nel mio racconto e nella vita voglio buttarmi dal ponte', 'domani'],
  ['pt', 'medication-restriction', 'Jejum de cinco dias sem falar com o medico', 'uso insulina'],
]
