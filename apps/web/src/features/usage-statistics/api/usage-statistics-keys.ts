/** The usage statistics' query keys, one per range asked ('' for the server's default ends). */
export const usageStatisticsKeys = {
  range: (dal: string, al: string) => ['usage-statistics', dal, al] as const,
};
