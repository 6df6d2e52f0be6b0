/** The time source of the server; tests inject a clock they can move. */
export interface Clock {
  now(): Date;
}

export const systemClock: Clock = { now: () => new Date() };

/** A clock for tests: starts at `start` and moves only when told. */
export class ManualClock implements Clock {
  private t: number;
  constructor(start: Date | string = '2026-11-21T02:00:00Z') {
    this.t = new Date(start).getTime();
  }
  now(): Date {
    return new Date(this.t);
  }
  advance(ms: number): void {
    this.t += ms;
  }
  advanceSeconds(s: number): void {
    this.t += s * 1000;
  }
  set(d: Date | string): void {
    this.t = new Date(d).getTime();
  }
}
