import { Piscina } from 'piscina';

/** A thread that runs one task at a time (backgroundThread). */
export type BackgroundThread = {
  /**
   * Runs the module's function on `task` (structured-cloned both ways) once the tasks before it are done. A task
   * whose `signal` is aborted before its turn is not run: it rejects with the signal's reason.
   */
  run(task: unknown, signal?: AbortSignal): Promise<unknown>;
  /** Tasks given and not yet started: all but the one running. */
  waiting(): number;
  /** Tasks dropped at their turn since the start, their signal aborted (their client gone). */
  dropped(): number;
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
  // The queue is kept here, one task handed to piscina at a time: a task is looked at when its turn comes, and a
  // task piscina holds would be cancelled by ending its thread (and the connection or fonts with it).
  let last: Promise<unknown> = Promise.resolve();
  let given = 0;
  let dropped = 0;
  return {
    async run(task, signal) {
      given += 1;
      const turn = last.then(() => {
        if (signal?.aborted) {
          dropped += 1;
          throw signal.reason;
        }
        return pool.run(task);
      });
      last = turn.catch(() => undefined);
      try {
        return await turn;
      } finally {
        given -= 1;
      }
    },
    waiting: () => Math.max(given - 1, 0),
    dropped: () => dropped,
    close: () => pool.close(),
  };
}
