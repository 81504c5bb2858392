/** The reports' query keys: the list of reports, and the subjects a report can be asked for. */
export const reportsKeys = {
  all: ['reports'] as const,
  subjects: (kind: 'posatori' | 'partner' | 'coupons', text: string) => ['report-subjects', kind, text] as const,
};
