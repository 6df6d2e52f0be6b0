import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { useWrite } from '../../lib/useWrite';
import { interceptionApi as api, warehouseApi, type BodyOf, type PhotoUploadData, type QueryOf, type ReturnBody } from '@gemqc/contract';
import { ApiError, callApi } from '../../lib/request';
import { photoMime, sendRawFile } from '../../lib/upload';
import i18n from '../../i18n';

/** The portal whose interception endpoints a page uses. */
export type InterceptionPortal = 'base' | 'trader' | 'qualityInspection';

const infoEndpoint = { base: api.centerInterception, trader: api.merchantInterception, qualityInspection: api.warehouseInterception } as const;

export const interceptionKeys = {
  info: (portal: InterceptionPortal, id: string) => ['interception', portal, id] as const,
  queue: (q: ReturnQueueQuery) => ['warehouse', 'returnQueue', q] as const,
};

/** After an interception or a return the order changed in every view (lists, details, banners, queue): refetch what is on screen. */
function useRefreshOrders() {
  const qc = useQueryClient();
  return () => qc.invalidateQueries();
}

/** An order's refund messages, intercept requests, return and next step. */
export function useInterception(portal: InterceptionPortal, id: string | undefined) {
  return useQuery({
    queryKey: interceptionKeys.info(portal, id ?? ''),
    queryFn: ({ signal }) => callApi(infoEndpoint[portal], { query: { id: id ?? '' }, signal }),
    enabled: !!id,
  });
}

export function useCentreIntercept() {
  const refresh = useRefreshOrders();
  return useWrite({ mutationFn: (body: BodyOf<typeof api.centerIntercept>) => callApi(api.centerIntercept, { body }), onSuccess: () => void refresh() });
}

/** 解除拦截 with a reason: the service centre's or the warehouse's endpoint. */
export function useReleaseInterception(portal: InterceptionPortal) {
  const refresh = useRefreshOrders();
  return useWrite({
    mutationFn: (body: BodyOf<typeof api.centerRelease>) => callApi(portal === 'qualityInspection' ? api.warehouseRelease : api.centerRelease, { body }),
    onSuccess: () => void refresh(),
  });
}

export function useConfirmRequest() {
  const refresh = useRefreshOrders();
  return useWrite({ mutationFn: (id: string) => callApi(api.centerConfirm, { body: { id } }), onSuccess: () => void refresh() });
}

export function useRejectRequest() {
  const refresh = useRefreshOrders();
  return useWrite({ mutationFn: (body: BodyOf<typeof api.centerReject>) => callApi(api.centerReject, { body }), onSuccess: () => void refresh() });
}

export function useRequestInterception() {
  const refresh = useRefreshOrders();
  return useWrite({ mutationFn: (body: BodyOf<typeof api.merchantRequest>) => callApi(api.merchantRequest, { body }), onSuccess: () => void refresh() });
}

/** The manager's lookup: orders of every centre by order no, platform order id or waybill ('' asks nothing). */
export function useManagerOrderSearch(keyword: string) {
  return useQuery({
    queryKey: ['interception', 'manage', 'search', keyword] as const,
    queryFn: ({ signal }) => callApi(api.manageSearch, { query: { keyword }, signal }),
    enabled: keyword !== '',
  });
}

export function useManagerIntercept() {
  const refresh = useRefreshOrders();
  return useWrite({ mutationFn: (body: BodyOf<typeof api.manageIntercept>) => callApi(api.manageIntercept, { body }), onSuccess: () => void refresh() });
}

/** The warehouse's queue of intercepted orders to send back (refreshes every 30 s). */
type ReturnQueueQuery = NonNullable<QueryOf<typeof api.warehouseQueue>>;

/** A page of the return queue (default: the longest waiting first; `sort_by` as the table asks). */
export function useReturnQueue(query: ReturnQueueQuery) {
  return useQuery({
    queryKey: interceptionKeys.queue(query),
    queryFn: ({ signal }) => callApi(api.warehouseQueue, { query, signal }),
    placeholderData: keepPreviousData,
    refetchInterval: 30_000,
  });
}

export function useReturnGoods() {
  const refresh = useRefreshOrders();
  return useWrite({ mutationFn: (body: ReturnBody) => callApi(warehouseApi.orderReturn, { body }), onSuccess: () => void refresh() });
}

/** Sends the photo of the collector's signature for a pickup (raw body, with progress); answers its key for `signature_photo`. */
export function uploadSignaturePhoto(file: File, orderId: string, onProgress: (percent: number) => void, signal?: AbortSignal): Promise<PhotoUploadData> {
  const mime = photoMime(file);
  if (!mime) return Promise.reject(new ApiError(i18n.t('queue.photoType', { ns: 'interception' }), 1001, false));
  return sendRawFile<PhotoUploadData>(api.warehouseReturnPhoto.path, { id: orderId }, file, mime, onProgress, i18n.t('queue.photoFailed', { ns: 'interception' }), signal);
}
