import { z } from 'zod';

/** The PDF reports of the portal (report definitions tied to forms, a PDF from form data). */
export const reportIds = ['posatore', 'coupon', 'pagamenti'] as const;
export type ReportId = (typeof reportIds)[number];

export const reportDefinition = z.object({
  id: z.enum(reportIds),
  titolo: z.string(),
  descrizione: z.string(),
  /** The form whose data the report prints. */
  form: z.string(),
});
export type ReportDefinition = z.infer<typeof reportDefinition>;

/** GET /api/reports (admin): what an admin can produce, and from which form. */
export const reportsReply = z.object({ data: z.array(reportDefinition) });
export type ReportsReply = z.infer<typeof reportsReply>;

/** The address of one report's PDF for one subject (installer, coupon or partner uuid). */
export const reportUrl = (id: ReportId, subject: string) => `/api/report/${id}/${encodeURIComponent(subject)}`;
