import { doudianClient } from '../../integrations/doudian';
import type { AppDeps } from '../../platform/deps';
import type { SyncEnv } from './service';

/** The write-back's environment from the app's deps (the client is cheap: built per use). */
export function syncEnvOf(deps: AppDeps, log?: SyncEnv['log']): SyncEnv {
  return {
    db: deps.db,
    config: deps.config,
    doudian: doudianClient(deps.config),
    limiter: deps.limiter,
    queue: deps.queue.current,
    now: () => deps.clock.now(),
    log,
  };
}
