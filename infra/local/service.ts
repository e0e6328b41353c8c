/**
 * The local stack is a list of services, each with one start and one stop. `RunningServices` remembers every
 * start as it is called (also those still in flight, when services start side by side) and stops them in
 * reverse order, so a start that fails half-way still releases everything started before it: ports, the
 * state folder's lock, files the emulators hold open.
 */
export interface Running {
  stop(): Promise<void> | void;
}

export interface LocalService<T extends Running = Running> {
  /** Named in the message when its stop fails. */
  name: string;
  start(): Promise<T>;
}

export class RunningServices {
  private readonly started: { name: string; running: Promise<Running | undefined> }[] = [];
  private stopping: Promise<void> | undefined;

  start<T extends Running>(service: LocalService<T>): Promise<T> {
    if (this.stopping) return Promise.reject(new Error(`Cannot start ${service.name}: the local stack is stopping`));
    const running = service.start();
    // A failed start has nothing to stop; it releases its own half-started parts.
    this.started.push({ name: service.name, running: running.catch(() => undefined) });
    return running;
  }

  /** Stops every service started so far, last started first; stopping twice waits for the first stop. */
  stop(): Promise<void> {
    return (this.stopping ??= this.stopAll());
  }

  private async stopAll(): Promise<void> {
    for (const { name, running } of this.started.splice(0).reverse()) {
      const service = await running;
      try {
        await service?.stop();
      } catch (error) {
        console.error(`[local-stack] stopping ${name}:`, error);
      }
    }
  }
}
