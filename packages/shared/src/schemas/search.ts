import { z } from 'zod';
import { msg } from '../messages-it.ts';

/** Contains-search starts at 3 characters, the length a trigram index needs. */
export const SEARCH_MIN = 3;
/** At most this many results of each kind. */
export const SEARCH_PER_KIND = 20;

export const searchKinds = ['company', 'pers', 'msg', 'doc'] as const;
export type SearchKind = (typeof searchKinds)[number];

/** GET /api/ricerca?pricerca= */
export const searchQuery = z.object({
  pricerca: z.string().trim().min(SEARCH_MIN, msg.ricercaTroppoCorta).max(100, msg.ricercaTroppoLunga),
});

/** A search result: its kind, its id and what it shows. */
export const searchResult = z.object({ tipo: z.enum(searchKinds), uuid: z.string(), descri: z.string() });
export type SearchResult = z.infer<typeof searchResult>;
export const searchReply = z.array(searchResult);
