import { useQuery } from '@tanstack/react-query';
import { inspectionApi } from '@gemqc/contract';
import { callApi } from '../../lib/request';

/** The public certificate behind a tag's verification code (no login; errors shown by the page). */
export function useCertificate(code: string) {
  return useQuery({
    queryKey: ['public', 'certificate', code],
    queryFn: ({ signal }) => callApi(inspectionApi.certificateVerify, { query: { code }, signal, silent: true }),
    retry: false,
    enabled: !!code,
  });
}
