import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useWrite } from '../../lib/useWrite';
import { authApi, type BodyOf, merchantsApi, type MerchantAuthorisation } from '@gemqc/contract';
import { callApi } from '../../lib/request';

/** The merchant's own testing authorisation (检测信息) and intercept policy; the order form's gate reads it. */
export const authorisationKeys = {
  authInfo: ['merchant', 'authorisation'] as const,
};

/** Testing authorisation status (-1 not submitted, 0 review, 1 approved, 2 rejected). */
export function useAuthInfo(options: { always?: boolean } = {}) {
  return useQuery({
    queryKey: authorisationKeys.authInfo,
    queryFn: ({ signal }) => callApi(merchantsApi.authInfo, { signal }),
    retry: false,
    refetchOnMount: options.always ? 'always' : true,
  });
}

export function useSubmitAuth() {
  const qc = useQueryClient();
  return useWrite({
    mutationFn: (body: BodyOf<typeof merchantsApi.authAdd>) => callApi(merchantsApi.authAdd, { body }),
    onSuccess: (info: MerchantAuthorisation) => qc.setQueryData(authorisationKeys.authInfo, info),
  });
}

/** Changes the 拦截策略 at any time (no new review); refunds that arrive afterwards follow it. */
export function useChangeInterceptPolicy() {
  const qc = useQueryClient();
  return useWrite({
    mutationFn: (intercept_policy: 'after_sales_first' | 'shipping_first') => callApi(merchantsApi.interceptPolicy, { body: { intercept_policy } }),
    onSuccess: (info: MerchantAuthorisation) => qc.setQueryData(authorisationKeys.authInfo, info),
  });
}

/** Sends the SMS code for the contact mobile of the testing authorisation. */
export function useSendAuthSms() {
  return useWrite({
    mutationFn: (mobile: string) => callApi(authApi.smsSend, { body: { mobile: mobile.trim(), user_type: 'testing_auth' } }),
  });
}

/** Spec §4 gate: the order form opens only when authInfo succeeded with a status other than -1. */
export type GateDecision = 'wait' | 'checkInfo' | 'open';

export function gateDecision(q: { isPending: boolean; isError: boolean; data?: { status_id: number } | undefined; fresh: boolean }): GateDecision {
  // Only this visit's answer counts: a cached result from an earlier page is not the gate's call.
  if (!q.fresh) return 'wait';
  if (q.isError) return 'checkInfo';
  if (q.isPending || !q.data) return 'wait';
  return q.data.status_id === -1 ? 'checkInfo' : 'open';
}
