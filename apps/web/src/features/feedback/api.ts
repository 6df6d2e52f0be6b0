import { feedbackApi, type BodyOf } from '@gemqc/contract';
import { useWrite } from '../../lib/useWrite';
import { callApi } from '../../lib/request';
import type { PortalType } from '../../lib/storage';

export type FeedbackBody = BodyOf<typeof feedbackApi.merchant>;

/** Trader feedback goes to the merchant endpoint, every other user type to the centre one. */
export function useFeedback(userType: PortalType | null) {
  return useWrite({
    mutationFn: (body: FeedbackBody, { idempotencyKey }) =>
      callApi(userType === 'trader' ? feedbackApi.merchant : feedbackApi.center, { body, idempotencyKey }),
  });
}
