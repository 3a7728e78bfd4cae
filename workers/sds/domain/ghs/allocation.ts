/**
 * Allocation tables: hazard class and category → pictogram and signal word; hazard statement →
 * precautionary statements by type (prevention, response, storage, disposal).
 *
 * Pictograms and signal words: GHS Rev. 7 Annex 1 and the label tables of chapters 2.1 to 4.2;
 * 29 CFR 1910.1200 Appendix C, C.4 (the same allocations, US scope); CLP Annex I, Tables 2.1.2 to
 * 5.1 (EU). Precautionary statements: GHS Rev. 7 Annex 3 Section 3 (matrix A3.3), which OSHA
 * Appendix C.4 reproduces and CLP Annex IV Part 1 Tables 6.1 to 6.5 follow for the CLP classes.
 */
export type Pictogram = 'GHS01' | 'GHS02' | 'GHS03' | 'GHS04' | 'GHS05' | 'GHS06' | 'GHS07' | 'GHS08' | 'GHS09'
export type SignalWord = 'Danger' | 'Warning'

export type ClassInfo = {
  /** Hazard class name as GHS / OSHA Appendix A-B name it. */
  name: string
  /** 'health' and 'physical' are in OSHA's scope; 'environment' is not (OSHA regulates workplaces). */
  kind: 'physical' | 'health' | 'environment'
  /** category → label elements; `null` means that element is not assigned. */
  categories: Record<string, { pictogram: Pictogram | null; signal: SignalWord | null }>
}

const cat = (pictogram: Pictogram | null, signal: SignalWord | null) => ({ pictogram, signal })

/** Keyed by the CLP hazard class abbreviation used in Annex VI (CLP Annex VI Part 1, Table 1.1). */
export const CLASSES: Record<string, ClassInfo> = {
  // Physical hazards: GHS chapters 2.1 to 2.17; CLP Annex I Part 2.
  'Unst. Expl.': { name: 'Explosives', kind: 'physical', categories: { '': cat('GHS01', 'Danger') } },
  'Expl.': {
    name: 'Explosives',
    kind: 'physical',
    categories: {
      '1.1': cat('GHS01', 'Danger'),
      '1.2': cat('GHS01', 'Danger'),
      '1.3': cat('GHS01', 'Danger'),
      '1.4': cat('GHS01', 'Warning'),
      '1.5': cat(null, 'Danger'),
      '1.6': cat(null, null),
    },
  },
  'Flam. Gas': {
    name: 'Flammable gases',
    kind: 'physical',
    categories: { '1': cat('GHS02', 'Danger'), '1A': cat('GHS02', 'Danger'), '1B': cat('GHS02', 'Danger'), '2': cat(null, 'Warning') },
  },
  Aerosol: {
    name: 'Aerosols',
    kind: 'physical',
    categories: { '1': cat('GHS02', 'Danger'), '2': cat('GHS02', 'Warning'), '3': cat(null, 'Warning') },
  },
  'Ox. Gas': { name: 'Oxidizing gases', kind: 'physical', categories: { '1': cat('GHS03', 'Danger') } },
  'Press. Gas': { name: 'Gases under pressure', kind: 'physical', categories: { '': cat('GHS04', 'Warning') } },
  'Flam. Liq.': {
    name: 'Flammable liquids',
    kind: 'physical',
    categories: { '1': cat('GHS02', 'Danger'), '2': cat('GHS02', 'Danger'), '3': cat('GHS02', 'Warning'), '4': cat(null, 'Warning') },
  },
  'Flam. Sol.': { name: 'Flammable solids', kind: 'physical', categories: { '1': cat('GHS02', 'Danger'), '2': cat('GHS02', 'Warning') } },
  'Self-react.': {
    name: 'Self-reactive substances and mixtures',
    kind: 'physical',
    categories: {
      A: cat('GHS01', 'Danger'),
      B: cat('GHS01', 'Danger'), // plus GHS02, see EXTRA_PICTOGRAMS
      C: cat('GHS02', 'Danger'),
      D: cat('GHS02', 'Danger'),
      E: cat('GHS02', 'Warning'),
      F: cat('GHS02', 'Warning'),
    },
  },
  'Pyr. Liq.': { name: 'Pyrophoric liquids', kind: 'physical', categories: { '1': cat('GHS02', 'Danger') } },
  'Pyr. Sol.': { name: 'Pyrophoric solids', kind: 'physical', categories: { '1': cat('GHS02', 'Danger') } },
  'Self-heat.': {
    name: 'Self-heating substances and mixtures',
    kind: 'physical',
    categories: { '1': cat('GHS02', 'Danger'), '2': cat('GHS02', 'Warning') },
  },
  'Water-react.': {
    name: 'Substances and mixtures which, in contact with water, emit flammable gases',
    kind: 'physical',
    categories: { '1': cat('GHS02', 'Danger'), '2': cat('GHS02', 'Danger'), '3': cat('GHS02', 'Warning') },
  },
  'Ox. Liq.': {
    name: 'Oxidizing liquids',
    kind: 'physical',
    categories: { '1': cat('GHS03', 'Danger'), '2': cat('GHS03', 'Danger'), '3': cat('GHS03', 'Warning') },
  },
  'Ox. Sol.': {
    name: 'Oxidizing solids',
    kind: 'physical',
    categories: { '1': cat('GHS03', 'Danger'), '2': cat('GHS03', 'Danger'), '3': cat('GHS03', 'Warning') },
  },
  'Org. Perox.': {
    name: 'Organic peroxides',
    kind: 'physical',
    categories: {
      A: cat('GHS01', 'Danger'),
      B: cat('GHS01', 'Danger'), // plus GHS02, see EXTRA_PICTOGRAMS
      C: cat('GHS02', 'Danger'),
      D: cat('GHS02', 'Danger'),
      E: cat('GHS02', 'Warning'),
      F: cat('GHS02', 'Warning'),
    },
  },
  'Met. Corr.': { name: 'Corrosive to metals', kind: 'physical', categories: { '1': cat('GHS05', 'Warning') } },
  // Health hazards: GHS chapters 3.1 to 3.10; CLP Annex I Part 3.
  'Acute Tox.': {
    name: 'Acute toxicity',
    kind: 'health',
    categories: { '1': cat('GHS06', 'Danger'), '2': cat('GHS06', 'Danger'), '3': cat('GHS06', 'Danger'), '4': cat('GHS07', 'Warning') },
  },
  'Skin Corr.': {
    name: 'Skin corrosion/irritation',
    kind: 'health',
    categories: { '1': cat('GHS05', 'Danger'), '1A': cat('GHS05', 'Danger'), '1B': cat('GHS05', 'Danger'), '1C': cat('GHS05', 'Danger') },
  },
  'Skin Irrit.': { name: 'Skin corrosion/irritation', kind: 'health', categories: { '2': cat('GHS07', 'Warning') } },
  'Eye Dam.': { name: 'Serious eye damage/eye irritation', kind: 'health', categories: { '1': cat('GHS05', 'Danger') } },
  // CLP's single category 2 is GHS category 2A (H319); OSHA keeps 2A and 2B (Appendix A.3).
  'Eye Irrit.': {
    name: 'Serious eye damage/eye irritation',
    kind: 'health',
    categories: { '2': cat('GHS07', 'Warning'), '2A': cat('GHS07', 'Warning'), '2B': cat(null, 'Warning') },
  },
  'Resp. Sens.': {
    name: 'Respiratory sensitization',
    kind: 'health',
    categories: { '1': cat('GHS08', 'Danger'), '1A': cat('GHS08', 'Danger'), '1B': cat('GHS08', 'Danger') },
  },
  'Skin Sens.': {
    name: 'Skin sensitization',
    kind: 'health',
    categories: { '1': cat('GHS07', 'Warning'), '1A': cat('GHS07', 'Warning'), '1B': cat('GHS07', 'Warning') },
  },
  'Muta.': {
    name: 'Germ cell mutagenicity',
    kind: 'health',
    categories: { '1A': cat('GHS08', 'Danger'), '1B': cat('GHS08', 'Danger'), '2': cat('GHS08', 'Warning') },
  },
  'Carc.': {
    name: 'Carcinogenicity',
    kind: 'health',
    categories: { '1A': cat('GHS08', 'Danger'), '1B': cat('GHS08', 'Danger'), '2': cat('GHS08', 'Warning') },
  },
  'Repr.': {
    name: 'Reproductive toxicity',
    kind: 'health',
    categories: { '1A': cat('GHS08', 'Danger'), '1B': cat('GHS08', 'Danger'), '2': cat('GHS08', 'Warning') },
  },
  // Effects on or via lactation: no pictogram, no signal word (GHS 3.7.4, CLP Table 3.7.3).
  'Lact.': { name: 'Reproductive toxicity, effects on or via lactation', kind: 'health', categories: { '': cat(null, null) } },
  'STOT SE': {
    name: 'Specific target organ toxicity, single exposure',
    kind: 'health',
    categories: { '1': cat('GHS08', 'Danger'), '2': cat('GHS08', 'Warning'), '3': cat('GHS07', 'Warning') },
  },
  'STOT RE': {
    name: 'Specific target organ toxicity, repeated exposure',
    kind: 'health',
    categories: { '1': cat('GHS08', 'Danger'), '2': cat('GHS08', 'Warning') },
  },
  'Asp. Tox.': { name: 'Aspiration hazard', kind: 'health', categories: { '1': cat('GHS08', 'Danger') } },
  // Environmental hazards: GHS chapters 4.1, 4.2; CLP Annex I Part 4 and 5.
  'Aquatic Acute': {
    name: 'Hazardous to the aquatic environment, acute hazard',
    kind: 'environment',
    categories: { '1': cat('GHS09', 'Warning') },
  },
  'Aquatic Chronic': {
    name: 'Hazardous to the aquatic environment, long-term hazard',
    kind: 'environment',
    categories: { '1': cat('GHS09', 'Warning'), '2': cat('GHS09', null), '3': cat(null, null), '4': cat(null, null) },
  },
  // CLP Annex I 5.1 (Table 5.1) and GHS chapter 4.2: exclamation mark and Warning.
  Ozone: { name: 'Hazardous to the ozone layer', kind: 'environment', categories: { '1': cat('GHS07', 'Warning') } },
}

/** Types B of self-reactives and organic peroxides carry two pictograms (GHS 2.8.3, 2.15.3). */
export const EXTRA_PICTOGRAMS: Record<string, Pictogram[]> = {
  'Self-react. B': ['GHS02'],
  'Org. Perox. B': ['GHS02'],
}

/**
 * The class and category a hazard statement implies when Annex VI prints the statement without a
 * matching class code (a handful of rows). The most severe category that carries the statement
 * is taken, so a gap in the table never lowers the hazard shown.
 */
export const CLASS_OF_H: Record<string, string> = {
  H200: 'Unst. Expl.',
  H201: 'Expl. 1.1',
  H202: 'Expl. 1.2',
  H203: 'Expl. 1.3',
  H204: 'Expl. 1.4',
  H205: 'Expl. 1.5',
  H220: 'Flam. Gas 1',
  H221: 'Flam. Gas 2',
  H222: 'Aerosol 1',
  H223: 'Aerosol 2',
  H224: 'Flam. Liq. 1',
  H225: 'Flam. Liq. 2',
  H226: 'Flam. Liq. 3',
  H228: 'Flam. Sol. 1',
  H240: 'Self-react. A',
  H241: 'Self-react. B',
  H242: 'Self-react. C',
  H250: 'Pyr. Sol. 1',
  H251: 'Self-heat. 1',
  H252: 'Self-heat. 2',
  H260: 'Water-react. 1',
  H261: 'Water-react. 2',
  H270: 'Ox. Gas 1',
  H271: 'Ox. Sol. 1',
  H272: 'Ox. Sol. 2',
  H290: 'Met. Corr. 1',
  H300: 'Acute Tox. 2',
  H301: 'Acute Tox. 3',
  H302: 'Acute Tox. 4',
  H310: 'Acute Tox. 2',
  H311: 'Acute Tox. 3',
  H312: 'Acute Tox. 4',
  H330: 'Acute Tox. 2',
  H331: 'Acute Tox. 3',
  H332: 'Acute Tox. 4',
  H304: 'Asp. Tox. 1',
  H314: 'Skin Corr. 1',
  H315: 'Skin Irrit. 2',
  H317: 'Skin Sens. 1',
  H318: 'Eye Dam. 1',
  H319: 'Eye Irrit. 2',
  H334: 'Resp. Sens. 1',
  H335: 'STOT SE 3',
  H336: 'STOT SE 3',
  H340: 'Muta. 1B',
  H341: 'Muta. 2',
  H350: 'Carc. 1B',
  H351: 'Carc. 2',
  H360: 'Repr. 1B',
  H361: 'Repr. 2',
  H362: 'Lact.',
  H370: 'STOT SE 1',
  H371: 'STOT SE 2',
  H372: 'STOT RE 1',
  H373: 'STOT RE 2',
  H400: 'Aquatic Acute 1',
  H410: 'Aquatic Chronic 1',
  H411: 'Aquatic Chronic 2',
  H412: 'Aquatic Chronic 3',
  H413: 'Aquatic Chronic 4',
  H420: 'Ozone 1',
}

/** Which hazard statements a class may carry, to pair Annex VI class codes with H codes. */
export const CLASS_H_CODES: Record<string, RegExp> = {
  'Unst. Expl.': /^H200$/,
  'Expl.': /^H20[1-5]$/,
  'Flam. Gas': /^H2(20|21|30|31|32)$/,
  Aerosol: /^H22[239]$/,
  'Ox. Gas': /^H270$/,
  'Press. Gas': /^H28[01]$/,
  'Flam. Liq.': /^H22[4-7]$/,
  'Flam. Sol.': /^H228$/,
  'Self-react.': /^H24[0-2]$/,
  'Pyr. Liq.': /^H250$/,
  'Pyr. Sol.': /^H250$/,
  'Self-heat.': /^H25[12]$/,
  'Water-react.': /^H26[01]$/,
  'Ox. Liq.': /^H27[12]$/,
  'Ox. Sol.': /^H27[12]$/,
  'Org. Perox.': /^H24[0-2]$/,
  'Met. Corr.': /^H290$/,
  'Acute Tox.': /^H3[0-3][0-3]$/,
  'Skin Corr.': /^H314$/,
  'Skin Irrit.': /^H315$/,
  'Eye Dam.': /^H318$/,
  'Eye Irrit.': /^H319$/,
  'Resp. Sens.': /^H334$/,
  'Skin Sens.': /^H317$/,
  'Muta.': /^H34[01]$/,
  'Carc.': /^H35[01]/,
  'Repr.': /^H36[01]/,
  'Lact.': /^H362$/,
  'STOT SE': /^H3(70|71|35|36)$/,
  'STOT RE': /^H37[23]$/,
  'Asp. Tox.': /^H304$/,
  'Aquatic Acute': /^H400$/,
  'Aquatic Chronic': /^H41[0-3]$/,
  Ozone: /^H420$/,
}

export type PrecautionSet = { prevention: string[]; response: string[]; storage: string[]; disposal: string[] }
const p = (prevention: string[], response: string[], storage: string[], disposal: string[]): PrecautionSet => ({
  prevention,
  response,
  storage,
  disposal,
})

/**
 * Precautionary statements per hazard statement: GHS Rev. 7 Annex 3 Section 3 (A3.3.5 tables),
 * i.e. OSHA Appendix C.4 and CLP Annex IV Part 1. Keys of the form `H228|1` single out a category
 * where one hazard statement is shared by categories with different precautions.
 */
export const PRECAUTIONS: Record<string, PrecautionSet> = {
  H200: p(['P201', 'P202', 'P280'], ['P370+P372+P380+P373'], ['P401'], ['P501']),
  H201: p(['P210', 'P230', 'P240', 'P250', 'P280'], ['P370+P372+P380+P373'], ['P401'], ['P501']),
  H202: p(['P210', 'P230', 'P240', 'P250', 'P280'], ['P370+P372+P380+P373'], ['P401'], ['P501']),
  H203: p(['P210', 'P230', 'P240', 'P250', 'P280'], ['P370+P372+P380+P373'], ['P401'], ['P501']),
  H204: p(['P210', 'P240', 'P250', 'P280'], ['P370+P380+P375'], ['P401'], ['P501']),
  H205: p(['P210', 'P230', 'P240', 'P250', 'P280'], ['P370+P372+P380+P373'], ['P401'], ['P501']),
  H220: p(['P210'], ['P377', 'P381'], ['P403'], []),
  H221: p(['P210'], ['P377', 'P381'], ['P403'], []),
  H222: p(['P210', 'P211', 'P251'], [], ['P410+P412'], []),
  H223: p(['P210', 'P211', 'P251'], [], ['P410+P412'], []),
  H229: p(['P210', 'P251'], [], ['P410+P412'], []),
  H224: p(['P210', 'P233', 'P240', 'P241', 'P242', 'P243', 'P280'], ['P303+P361+P353', 'P370+P378'], ['P403+P235'], ['P501']),
  H225: p(['P210', 'P233', 'P240', 'P241', 'P242', 'P243', 'P280'], ['P303+P361+P353', 'P370+P378'], ['P403+P235'], ['P501']),
  H226: p(['P210', 'P233', 'P240', 'P241', 'P242', 'P243', 'P280'], ['P303+P361+P353', 'P370+P378'], ['P403+P235'], ['P501']),
  H227: p(['P210', 'P280'], ['P370+P378'], ['P403'], ['P501']),
  H228: p(['P210', 'P240', 'P241', 'P280'], ['P370+P378'], [], []),
  H240: p(['P210', 'P234', 'P235', 'P240', 'P280'], ['P370+P372+P380+P373'], ['P403', 'P411', 'P420'], ['P501']),
  H241: p(['P210', 'P234', 'P235', 'P240', 'P280'], ['P370+P380+P375+P378'], ['P403', 'P411', 'P420'], ['P501']),
  H242: p(['P210', 'P234', 'P235', 'P240', 'P280'], ['P370+P378'], ['P403', 'P411', 'P420'], ['P501']),
  // Organic peroxides store away from sunlight instead of in a ventilated place (A3.3.5, 2.15).
  'H240|Org. Perox.': p(['P210', 'P234', 'P235', 'P240', 'P280'], ['P370+P372+P380+P373'], ['P410', 'P411', 'P420'], ['P501']),
  'H241|Org. Perox.': p(['P210', 'P234', 'P235', 'P240', 'P280'], ['P370+P380+P375+P378'], ['P410', 'P411', 'P420'], ['P501']),
  'H242|Org. Perox.': p(['P210', 'P234', 'P235', 'P240', 'P280'], ['P370+P378'], ['P410', 'P411', 'P420'], ['P501']),
  'H250|Pyr. Liq.': p(['P210', 'P222', 'P231', 'P233', 'P280'], ['P302+P334', 'P370+P378'], ['P422'], []),
  H250: p(['P210', 'P222', 'P231', 'P233', 'P280'], ['P302+P335+P334', 'P370+P378'], ['P422'], []),
  H251: p(['P235', 'P280'], [], ['P407', 'P413', 'P420'], []),
  H252: p(['P235', 'P280'], [], ['P407', 'P413', 'P420'], []),
  H260: p(['P223', 'P231+P232', 'P280'], ['P302+P335+P334', 'P370+P378'], ['P402+P404'], ['P501']),
  H261: p(['P223', 'P231+P232', 'P280'], ['P302+P335+P334', 'P370+P378'], ['P402+P404'], ['P501']),
  'H261|Water-react. 3': p(['P231+P232', 'P280'], ['P370+P378'], ['P402+P404'], ['P501']),
  H270: p(['P220', 'P244'], ['P370+P376'], ['P403'], []),
  H271: p(['P210', 'P220', 'P280', 'P283'], ['P306+P360', 'P371+P380+P375', 'P370+P378'], ['P420'], ['P501']),
  H272: p(['P210', 'P220', 'P280'], ['P370+P378'], [], ['P501']),
  H280: p([], [], ['P410+P403'], []),
  H281: p(['P282'], ['P336+P315'], ['P403'], []),
  H290: p(['P234'], ['P390'], ['P406'], []),
  H300: p(['P264', 'P270'], ['P301+P310', 'P321', 'P330'], ['P405'], ['P501']),
  H301: p(['P264', 'P270'], ['P301+P310', 'P321', 'P330'], ['P405'], ['P501']),
  H302: p(['P264', 'P270'], ['P301+P312', 'P330'], [], ['P501']),
  H304: p([], ['P301+P310', 'P331'], ['P405'], ['P501']),
  H310: p(['P262', 'P264', 'P270', 'P280'], ['P302+P352', 'P310', 'P321', 'P361+P364'], ['P405'], ['P501']),
  H311: p(['P280'], ['P302+P352', 'P312', 'P321', 'P361+P364'], ['P405'], ['P501']),
  H312: p(['P280'], ['P302+P352', 'P312', 'P321', 'P362+P364'], [], ['P501']),
  H314: p(
    ['P260', 'P264', 'P280'],
    ['P301+P330+P331', 'P303+P361+P353', 'P363', 'P304+P340', 'P310', 'P321', 'P305+P351+P338'],
    ['P405'],
    ['P501']
  ),
  H315: p(['P264', 'P280'], ['P302+P352', 'P321', 'P332+P313', 'P362+P364'], [], []),
  H317: p(['P261', 'P272', 'P280'], ['P302+P352', 'P321', 'P333+P313', 'P362+P364'], [], ['P501']),
  H318: p(['P280'], ['P305+P351+P338', 'P310'], [], []),
  H319: p(['P264', 'P280'], ['P305+P351+P338', 'P337+P313'], [], []),
  H320: p(['P264'], ['P305+P351+P338', 'P337+P313'], [], []),
  H330: p(['P260', 'P271', 'P284'], ['P304+P340', 'P310', 'P320'], ['P403+P233', 'P405'], ['P501']),
  H331: p(['P261', 'P271'], ['P304+P340', 'P311', 'P321'], ['P403+P233', 'P405'], ['P501']),
  H332: p(['P261', 'P271'], ['P304+P340', 'P312'], [], []),
  H334: p(['P261', 'P284'], ['P304+P340', 'P342+P311'], [], ['P501']),
  H335: p(['P261', 'P271'], ['P304+P340', 'P312'], ['P403+P233', 'P405'], ['P501']),
  H336: p(['P261', 'P271'], ['P304+P340', 'P312'], ['P403+P233', 'P405'], ['P501']),
  H340: p(['P201', 'P202', 'P280'], ['P308+P313'], ['P405'], ['P501']),
  H341: p(['P201', 'P202', 'P280'], ['P308+P313'], ['P405'], ['P501']),
  H350: p(['P201', 'P202', 'P280'], ['P308+P313'], ['P405'], ['P501']),
  H351: p(['P201', 'P202', 'P280'], ['P308+P313'], ['P405'], ['P501']),
  H360: p(['P201', 'P202', 'P280'], ['P308+P313'], ['P405'], ['P501']),
  H361: p(['P201', 'P202', 'P280'], ['P308+P313'], ['P405'], ['P501']),
  H362: p(['P201', 'P260', 'P263', 'P264', 'P270'], ['P308+P313'], [], []),
  H370: p(['P260', 'P264', 'P270'], ['P308+P311', 'P321'], ['P405'], ['P501']),
  H371: p(['P260', 'P264', 'P270'], ['P308+P311'], ['P405'], ['P501']),
  H372: p(['P260', 'P264', 'P270'], ['P314'], [], ['P501']),
  H373: p(['P260'], ['P314'], [], ['P501']),
  H400: p(['P273'], ['P391'], [], ['P501']),
  H410: p(['P273'], ['P391'], [], ['P501']),
  H411: p(['P273'], ['P391'], [], ['P501']),
  H412: p(['P273'], [], [], ['P501']),
  H413: p(['P273'], [], [], ['P501']),
  H420: p([], [], [], ['P502']),
}
