import {
  byIdSchema,
  canKeepOshaRecords,
  establishmentHoursSchema,
  establishmentSchema,
  establishmentUpdateSchema,
  establishmentYearSchema,
  oshaLogQuerySchema,
  oshaRatesQuerySchema,
  type PdfFile,
  recordkeepingUpdateSchema,
} from "@sitesafe/domain";
import * as out from "../openapi/schemas.js";
import { del, get, post, put } from "../rest/meta.js";
import { once } from "../services/idempotency.js";
import * as osha from "../services/osha.js";
import { form301Pdf, log300Pdf, summary300APdf } from "../services/oshaPdf.js";
import { roleProcedure, router } from "../trpc.js";

/** Every OSHA procedure is the record keepers' (staff): others get 403 before their input is read. */
const keeperProcedure = roleProcedure(canKeepOshaRecords, osha.ONLY_RECORD_KEEPERS);

/** Procedures of OSHA recordkeeping: each checks its input, then calls one service function. */
export const oshaRouter = router({
  establishments: keeperProcedure
    .meta({ rest: get("/api/establishments"), output: out.list(out.establishment) })
    .query(({ ctx }) => osha.listEstablishments(ctx)),
  establishment: keeperProcedure
    .meta({ rest: get("/api/establishments/:id"), output: out.establishment })
    .input(byIdSchema)
    .query(({ ctx, input }) => osha.getEstablishment(ctx, input.id)),
  createEstablishment: keeperProcedure
    .meta({ rest: post("/api/establishments"), output: out.establishment })
    .input(establishmentSchema)
    .mutation(once(({ ctx, input }) => osha.createEstablishment(ctx, input))),
  updateEstablishment: keeperProcedure
    .meta({ rest: put("/api/establishments/:id"), output: out.establishment })
    .input(establishmentUpdateSchema)
    .mutation(({ ctx, input }) => {
      const { id, ...changes } = input;
      return osha.updateEstablishment(ctx, id, changes);
    }),
  deleteEstablishment: keeperProcedure
    .meta({ rest: del("/api/establishments/:id"), output: out.success })
    .input(byIdSchema)
    .mutation(({ ctx, input }) => osha.deleteEstablishment(ctx, input.id)),

  hours: keeperProcedure
    .meta({ rest: get("/api/establishments/:id/hours/:year"), output: out.oshaHours })
    .input(establishmentYearSchema)
    .query(({ ctx, input }) => osha.getHours(ctx, input.id, input.year)),
  putHours: keeperProcedure
    .meta({ rest: put("/api/establishments/:id/hours/:year"), output: out.establishmentYear })
    .input(establishmentHoursSchema)
    .mutation(({ ctx, input }) => osha.putHours(ctx, input)),

  recordkeeping: keeperProcedure
    .meta({ rest: get("/api/incident-reports/:id/recordkeeping"), output: out.incidentRecordkeeping })
    .input(byIdSchema)
    .query(({ ctx, input }) => osha.getRecordkeeping(ctx, input.id)),
  putRecordkeeping: keeperProcedure
    .meta({ rest: put("/api/incident-reports/:id/recordkeeping"), output: out.incidentRecordkeeping })
    .input(recordkeepingUpdateSchema)
    .mutation(({ ctx, input }) => {
      const { id, ...values } = input;
      return osha.putRecordkeeping(ctx, id, values);
    }),

  log300: keeperProcedure
    .meta({ rest: get("/api/osha/300", { files: { pdf: "osha.log300Pdf", csv: "osha.log300Csv" } }), output: out.oshaLog300 })
    .input(oshaLogQuerySchema)
    .query(({ ctx, input }) => osha.log300(ctx, input.establishmentId, input.year)),
  log300Csv: keeperProcedure.input(oshaLogQuerySchema).query(({ ctx, input }) => osha.log300File(ctx, input.establishmentId, input.year)),
  log300Pdf: keeperProcedure.input(oshaLogQuerySchema).query(async ({ ctx, input }): Promise<PdfFile> => {
    const log = await osha.log300(ctx, input.establishmentId, input.year);
    return { fileName: `osha-300-${input.year}-${input.establishmentId}.pdf`, data: await log300Pdf(log) };
  }),
  summary300A: keeperProcedure
    .meta({
      rest: get("/api/osha/300a", { files: { pdf: "osha.summary300APdf", ita: "osha.itaSummaryCsv" } }),
      output: out.oshaSummary300A,
    })
    .input(oshaLogQuerySchema)
    .query(({ ctx, input }) => osha.summary300A(ctx, input.establishmentId, input.year)),
  summary300APdf: keeperProcedure.input(oshaLogQuerySchema).query(async ({ ctx, input }): Promise<PdfFile> => {
    const summary = await osha.summary300A(ctx, input.establishmentId, input.year);
    return { fileName: `osha-300a-${input.year}-${input.establishmentId}.pdf`, data: await summary300APdf(summary) };
  }),
  itaSummaryCsv: keeperProcedure
    .input(oshaLogQuerySchema)
    .query(({ ctx, input }) => osha.itaSummaryFile(ctx, input.establishmentId, input.year)),
  itaCasesCsv: keeperProcedure
    .meta({ rest: get("/api/osha/cases.csv", { send: "csv" }) })
    .input(oshaLogQuerySchema)
    .query(({ ctx, input }) => osha.itaCasesFile(ctx, input.establishmentId, input.year)),
  form301: keeperProcedure
    .meta({ rest: get("/api/incident-reports/:id/osha-301", { files: { pdf: "osha.form301Pdf" } }), output: out.oshaForm301 })
    .input(byIdSchema)
    .query(({ ctx, input }) => osha.form301(ctx, input.id)),
  form301Pdf: keeperProcedure.input(byIdSchema).query(async ({ ctx, input }): Promise<PdfFile> => {
    const form = await osha.form301(ctx, input.id);
    return { fileName: `osha-301-${form.caseNumber}.pdf`, data: await form301Pdf(form) };
  }),
  rates: keeperProcedure
    .meta({ rest: get("/api/osha/rates"), output: out.oshaRates })
    .input(oshaRatesQuerySchema)
    .query(({ ctx, input }) => osha.rates(ctx, input.year)),
});
