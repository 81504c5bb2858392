import { Piscina } from 'piscina';

/**
 * One worker thread (piscina) that runs a module's function for each task, one task at a time in the order they
 * came: for work that would otherwise hold the request thread for tens of milliseconds (the read lane's queries,
 * db/read-lane.ts; the PDF reports, lib/pdf.ts). The thread starts with the first task and stays, its module's
 * state with it (a connection, loaded fonts); idle, it does not keep the process alive. `close()` ends it.
 */
export function backgroundThread(module: URL, name: string, workerData?: unknown): Piscina {
  return new Piscina({
    filename: module.href,
    name,
    workerData,
    minThreads: 0,
    maxThreads: 1,
    idleTimeout: Number.POSITIVE_INFINITY,
    recordTiming: false,
  });
}
