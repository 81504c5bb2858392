import { sql } from 'kysely';

/** A read that costs about a second of CPU on either engine: what the read lane's tests queue other reads behind. */
export const heavyCount = sql<{ n: number }>`
  with recursive c(i) as (select 1 union all select i + 1 from c where i < 3000000)
  select count(*) as n from c`;
