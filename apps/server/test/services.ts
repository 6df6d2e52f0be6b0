import net from 'node:net';
import { describe, it } from 'vitest';

/** In CI (CI=true) every outside service a test needs is there: a missing one fails the run. */
export const inCi = process.env.CI === 'true';

/** Whether something listens on host:port (within half a second). */
export function reachable(host: string, port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const s = net.connect({ host, port, timeout: 500 });
    s.once('connect', () => (s.destroy(), resolve(true)));
    s.once('error', () => resolve(false));
    s.once('timeout', () => (s.destroy(), resolve(false)));
  });
}

/**
 * A suite that needs an outside service (Redis …): it runs when the service answers. Outside CI a
 * missing service skips it; in CI it fails in its place, so a path CI never runs cannot ship.
 */
export function describeWithService(service: string, up: boolean, name: string, suite: () => void): void {
  if (up) describe(name, suite);
  else if (inCi) {
    describe(name, () => {
      it(`needs ${service}, which does not answer (CI=true: a suite skipped for a missing service fails the run)`, () => {
        throw new Error(`${service} is not reachable; .ci/run starts it`);
      });
    });
  } else describe.skip(`${name} (${service} not reachable)`, suite);
}
