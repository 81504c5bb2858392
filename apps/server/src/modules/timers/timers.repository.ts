import type { DbOrTx } from '../../db/database.ts';

/**
 * Takes the task's turn when the last one is over: true for exactly one of the instances asking at once (the row's
 * `until` moves forward with a compare-and-set), false for the others and until `until` has passed.
 */
export async function takeTurn(db: DbOrTx, name: string, now: string, until: string): Promise<boolean> {
  await db
    .insertInto('timer_turns')
    .values({ name, until: '' })
    .onConflict((oc) => oc.column('name').doNothing())
    .execute();
  const res = await db
    .updateTable('timer_turns')
    .set({ until })
    .where('name', '=', name)
    .where('until', '<=', now)
    .executeTakeFirst();
  return Number(res.numUpdatedRows) === 1;
}
