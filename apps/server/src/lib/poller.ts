/**
 * Runs `work` every `intervalMs` while started (events delivery, the job runner). A failed round
 * is logged, never thrown: the database may be restarting, and the next round tries again. The
 * timer does not keep the process alive.
 */
export function createPoller(options: {
  intervalMs: number;
  work: () => Promise<unknown>;
  logger: { error(details: object, message: string): void };
  failureMessage: string;
}) {
  let running = false;
  let timer: NodeJS.Timeout | undefined;

  async function runLogged(): Promise<void> {
    try {
      await options.work();
    } catch (error) {
      options.logger.error({ err: error }, options.failureMessage);
    }
  }

  function schedule(): void {
    timer = setTimeout(async () => {
      await runLogged();
      if (running) schedule();
    }, options.intervalMs);
    timer.unref();
  }

  return {
    get running(): boolean {
      return running;
    },
    /** Runs once now, then every interval. */
    start(): void {
      if (running) return;
      running = true;
      void runLogged();
      schedule();
    },
    /** One round now, outside the schedule (a nudge), logged like the others. */
    runOnce: runLogged,
    /** No further round starts; one in progress finishes on its own. */
    stop(): void {
      running = false;
      clearTimeout(timer);
    },
  };
}
