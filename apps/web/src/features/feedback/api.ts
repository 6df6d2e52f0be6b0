import { authApi, type BodyOf } from '@gemqc/contract';
import { useWrite } from '../../lib/useWrite';
import { callApi } from '../../lib/request';
import type { PortalType } from '../../lib/storage';

export type FeedbackBody = BodyOf<typeof authApi.merchant.feedback>;

/** Trader feedback goes to the merchant endpoint, every other user type to the centre one. */
export function useFeedback(userType: PortalType | null) {
  return useWrite({
    mutationFn: (body: FeedbackBody, { idempotencyKey }) =>
      callApi(userType === 'trader' ? authApi.merchant.feedback : authApi.center.feedback, { body, idempotencyKey }),
  });
}
