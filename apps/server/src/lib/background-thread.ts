import { Piscina } from 'piscina';

/** A thread that runs one task at a time (backgroundThread). */
export type BackgroundThread = {
  /** Runs the module's function on `task` (structured-cloned both ways) once the tasks before it are done. */
  run(task: unknown): Promise<unknown>;
  /** Tasks given and not yet started: all but the one running. */
  waiting(): number;
  /** Ends the thread once its tasks are done. */
  close(): Promise<void>;
};

/**
 * One worker thread (piscina) that runs a module's function for each task, one task at a time in the order they
 * came: for work that would otherwise hold the request thread for tens of milliseconds (the read lane's queries,
 * db/read-lane.ts; the PDF reports, lib/pdf.ts). The thread starts with the first task and stays, its module's
 * state with it (a connection, loaded fonts); idle, it does not keep the process alive.
 */
export function backgroundThread(module: URL, name: string, workerData?: unknown): BackgroundThread {
  const pool = new Piscina({
    filename: module.href,
    name,
    workerData,
    minThreads: 0,
    maxThreads: 1,
    idleTimeout: Number.POSITIVE_INFINITY,
    recordTiming: false,
  });
  // Counted here: piscina's own queue size leaves out the tasks it has already handed to the thread.
  let given = 0;
  return {
    async run(task) {
      given += 1;
      try {
        return await pool.run(task);
      } finally {
        given -= 1;
      }
    },
    waiting: () => Math.max(given - 1, 0),
    close: () => pool.close(),
  };
}
