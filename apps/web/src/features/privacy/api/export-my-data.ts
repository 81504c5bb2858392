/** GET /api/privacy/export: the logged-in person's own data as a zip (GDPR art. 15 and 20); no id, only one's own. */
export const MY_DATA_EXPORT_URL = '/api/privacy/export';
