import type { FastifyBaseLogger } from 'fastify';

/**
 * Work that follows a reply instead of delaying it (the self-service reset e-mail, so the request takes the same
 * time whether or not the account exists). Failures are logged, never thrown at the caller. drain() waits for what
 * is running: the app calls it when it closes, tests call it before reading the outbox.
 * In process memory on purpose: a lost task is a lost e-mail the person asks for again, and nothing another
 * instance needs lives here.
 */
export type Background = {
  run(label: string, task: () => Promise<void>): void;
  drain(): Promise<void>;
};

export function createBackground(log: FastifyBaseLogger): Background {
  const running = new Set<Promise<void>>();
  return {
    run(label, task) {
      // setImmediate, not a microtask: the reply is written before any of the task's work starts.
      const done: Promise<void> = new Promise<void>((resolve) => setImmediate(resolve))
        .then(task)
        .catch((err: unknown) => log.error({ err, task: label }, 'attività in background non riuscita'))
        .finally(() => running.delete(done));
      running.add(done);
    },
    async drain() {
      while (running.size > 0) await Promise.all([...running]);
    },
  };
}
