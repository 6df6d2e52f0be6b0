import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { useWrite } from '../../lib/useWrite';
import { centreApplicationsApi, type BodyOf, type CentreApplicationListQuery } from '@gemqc/contract';
import { callApi } from '../../lib/request';

/** 服务中心入驻: applications of new service centres, reviewed by the manager. */
const c = centreApplicationsApi;

export const centreApplicationKeys = {
  all: ['admin', 'centreApplications'] as const,
  list: (q: CentreApplicationListQuery) => ['admin', 'centreApplications', 'list', q] as const,
  pendingCount: ['admin', 'centreApplications', 'pendingCount'] as const,
};

/** The applications list; the previous page stays on screen while the next one loads. */
export function useCentreApplications(query: CentreApplicationListQuery) {
  return useQuery({
    queryKey: centreApplicationKeys.list(query),
    queryFn: ({ signal }) => callApi(c.list, { query, signal }),
    placeholderData: keepPreviousData,
  });
}

/** How many applications wait for review (the badge of the tab). */
export function usePendingCentreCount() {
  return useQuery({
    queryKey: centreApplicationKeys.pendingCount,
    queryFn: ({ signal }) => callApi(c.list, { query: { status: 'pending', page: 1, page_size: 1 }, signal, silent: true }),
    select: (d) => d.total,
  });
}

function useInvalidateApplications() {
  const qc = useQueryClient();
  return () => qc.invalidateQueries({ queryKey: centreApplicationKeys.all });
}

export function useApproveCentre() {
  const invalidate = useInvalidateApplications();
  return useWrite({
    mutationFn: (body: BodyOf<typeof c.approve>) => callApi(c.approve, { body }),
    onSettled: () => void invalidate(),
  });
}

export function useRejectCentre() {
  const invalidate = useInvalidateApplications();
  return useWrite({
    mutationFn: (body: BodyOf<typeof c.reject>) => callApi(c.reject, { body }),
    onSettled: () => void invalidate(),
  });
}
