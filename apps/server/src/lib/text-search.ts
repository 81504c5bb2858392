/** LIKE pattern for "contains", case-insensitive on lower(column), with the user's % and _ taken literally. */
export const contains = (text: string) => `%${text.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
