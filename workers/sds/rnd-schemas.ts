import { z } from '@hono/zod-openapi'
import { GenerateResponse, SheetFields } from './schemas'
import { MAX_NAME_LENGTH } from './domain/rnd/limits'

/**
 * The body of the proxy generators: the standard branding and response_format fields, the
 * structure instead of chemical_identifier. The schema bounds are loose on purpose (the body
 * limit already caps them); the structure's own limits are checked with their own error code.
 */
export const RndRequest = SheetFields.pick({
  company_name: true,
  company_address: true,
  company_phone: true,
  company_website: true,
  company_email: true,
  emergency_phone: true,
  response_format: true,
})
  .extend({
    smiles: z.string().trim().min(1).max(16_000).optional().openapi({
      description: 'SMILES of the substance (at most 1,000 characters, 120 heavy atoms). Send smiles or molfile.',
      example: 'CC1=CC(=O)N(C1=O)c1ccc(cc1)C(F)(F)F',
    }),
    molfile: z
      .string()
      .min(1)
      .max(80_000)
      .optional()
      .openapi({ description: 'MDL molfile (V2000 or V3000, at most 64 KiB, 120 heavy atoms). Send smiles or molfile.' }),
    name: z.string().trim().min(1).max(MAX_NAME_LENGTH).optional().openapi({
      description: 'Name or code of the substance for the sheet (e.g. a compound number); default: "Research substance <formula>".',
      example: 'ACME-1234',
    }),
  })
  .strict()
  .superRefine((v, ctx) => {
    if ((v.smiles === undefined) === (v.molfile === undefined))
      ctx.addIssue({ code: z.ZodIssueCode.custom, path: ['smiles'], message: 'send exactly one of smiles or molfile' })
  })
  .openapi('RndProxyRequest')

export type RndRequest = z.infer<typeof RndRequest>

const Predicted = z
  .object({
    value: z.number().nullable(),
    unit: z.string(),
    method: z.string(),
    citation: z.string(),
    uncertainty: z
      .object({ mean_absolute_error: z.number(), p90_absolute_error: z.number(), n: z.number().int(), measured_against: z.string() })
      .nullable()
      .openapi({
        description: 'Errors of the method measured on the knowledge-base substances with a measured value (null where not measured).',
      }),
    note: z.string().optional(),
  })
  .openapi('PredictedProperty')

export const Prediction = z
  .object({
    identity: z.object({
      canonical_smiles: z.string(),
      formula: z.string(),
      molecular_weight: z.number(),
      heavy_atoms: z.number().int(),
      fragments: z.number().int(),
      inchi: z.null(),
      inchikey: z.null(),
      inchi_note: z.string(),
    }),
    properties: z.object({
      log_p: Predicted,
      log_s: Predicted,
      polar_surface_area: Predicted,
      boiling_point: Predicted,
      flash_point: Predicted,
    }),
    structural_alerts: z.array(
      z.object({ id: z.string(), name: z.string(), endpoints: z.array(z.string()), sources: z.array(z.string()) })
    ),
    secondary_alerts: z.array(z.object({ set: z.string(), description: z.string() })).openapi({
      description: 'ChEMBL structural-alert filters (SureChEMBL, Glaxo; CC BY-SA 3.0): for information only, never used to classify.',
    }),
    analogues: z.array(
      z.object({
        name: z.string(),
        cas: z.string(),
        tanimoto: z.number().openapi({ description: 'openchemlib FragFp (512 keys) Tanimoto similarity, 0 to 1.' }),
        used_for_read_across: z
          .boolean()
          .openapi({ description: 'At or above the similarity threshold (0.8): its classes and LD50 count.' }),
        harmonised_classification: z.array(z.string()).openapi({ description: 'CLP Annex VI class codes with their hazard statements.' }),
        ld50_oral_rat_mg_per_kg: z.number().nullable(),
      })
    ),
    classification: z
      .array(
        z.object({
          class: z.string(),
          hazard_statement: z.string(),
          kind: z.enum(['physical', 'health', 'environment']),
          basis: z.array(z.string()),
        })
      )
      .openapi({
        description:
          'Precautionary classification: the most severe category any signal supports. Empty when no signal was found; the substance must still be handled as hazardous.',
      }),
    physical_screens: z.array(z.string()).openapi({
      description:
        'Screening statements that are not a class, e.g. explosive properties not excluded (UN Manual of Tests and Criteria, Appendix 6).',
    }),
    handling: z.string().openapi({ description: 'The statement every proxy sheet carries (29 CFR 1910.1450(h)(2)).' }),
    known_substance: z
      .object({ cas: z.string(), name: z.string() })
      .nullable()
      .openapi({ description: 'Set when the structure is a knowledge-base substance: use the standard generator instead.' }),
  })
  .openapi('RndPrediction')

export const RndResponse = GenerateResponse.omit({ classification: true, mixture: true })
  .extend({
    substance: z.object({
      name: z.string(),
      cas: z.null(),
      ec: z.null(),
      index_no: z.null(),
      matched_by: z.enum(['smiles', 'molfile']),
      harmonised_classification: z.literal(false),
    }),
    prediction: Prediction,
  })
  .openapi('RndProxyResponse')
