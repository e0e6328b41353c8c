/** The time, as a port, so domain rules about deadlines and retries can be tested on a fixed clock. */
export interface Clock {
  now(): Date;
}

export const systemClock: Clock = { now: () => new Date() };
