import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { useWrite } from '../../lib/useWrite';
import {
  inspectionApi,
  warehouseApi,
  type BatchListQuery,
  type BodyOf,
  type InspectionAmendBody,
  type InspectionSubmitBody,
  type ReturnBody,
} from '@gemqc/contract';
import { callApi } from '../../lib/request';
import { downloadFile } from '../../lib/download';
import { portalOrderKeys, usePortalOrderDetail, usePortalOrderExport } from '../orders';

export const warehouseKeys = {
  all: ['warehouse'] as const,
  scan: (code: string) => ['warehouse', 'scan', code] as const,
  openBatch: (operatorId: string) => ['warehouse', 'batches', 'open', operatorId] as const,
  batches: (q: BatchListQuery) => ['warehouse', 'batches', 'list', q] as const,
  batch: (id: string) => ['warehouse', 'batches', 'detail', id] as const,
  operators: ['warehouse', 'batches', 'operators'] as const,
  orders: portalOrderKeys('warehouse').list,
  order: portalOrderKeys('warehouse').detail,
  merchants: portalOrderKeys('warehouse').merchants,
  feeQuote: (itemId: string, mode: 'submit' | 'amend') => ['warehouse', 'feeQuote', itemId, mode] as const,
};

/**
 * Every warehouse view refreshes after an action (the scanned order, the open batch, lists):
 * one action changes the order, its batch's counts and the lists at once.
 */
/** Refreshes every warehouse query (the scanned order, batches) after a write on this page. */
export function useRefreshAll() {
  const qc = useQueryClient();
  return () => qc.invalidateQueries({ queryKey: warehouseKeys.all });
}

/** 扫码: the order of a scanned waybill / order no with what may be done; null code → idle. */
export function useIntakeScan(code: string | null) {
  return useQuery({
    queryKey: warehouseKeys.scan(code ?? ''),
    // an unknown code is shown by the page as its own "not found" block, not as a toast
    queryFn: ({ signal }) => callApi(warehouseApi.intakeScan, { body: { code: code ?? '' }, signal, handles: [1004] }),
    enabled: !!code,
    retry: false,
    refetchOnWindowFocus: false,
  });
}

/** 确认入仓 of one order; `key` is the receive's client request key (kept for the offline queue when the network drops). */
export function useReceive() {
  const refresh = useRefreshAll();
  return useWrite({
    mutationFn: ({ id, key }: { id: string; key: string }) => callApi(warehouseApi.intakeReceive, { body: { id }, idempotencyKey: key }),
    onSuccess: () => void refresh(),
  });
}

/** The open batch of this inspector's station (intake scans go into it), or null. */
export function useOpenBatch(operatorId: string | undefined) {
  return useQuery({
    queryKey: warehouseKeys.openBatch(operatorId ?? ''),
    queryFn: async ({ signal }) => {
      const r = await callApi(warehouseApi.batchList, { query: { page: 1, page_size: 1, status: 'open', operator_id: operatorId }, signal });
      return r.list[0] ?? null;
    },
    enabled: !!operatorId,
  });
}

export function useBatchList(query: BatchListQuery) {
  return useQuery({
    queryKey: warehouseKeys.batches(query),
    queryFn: ({ signal }) => callApi(warehouseApi.batchList, { query, signal }),
    placeholderData: keepPreviousData,
  });
}

export function useBatchOperators() {
  return useQuery({
    queryKey: warehouseKeys.operators,
    queryFn: ({ signal }) => callApi(warehouseApi.batchOperators, { signal }),
    staleTime: 5 * 60_000,
  });
}

export function useBatchDetail(id: string | null) {
  return useQuery({
    queryKey: warehouseKeys.batch(id ?? ''),
    queryFn: ({ signal }) => callApi(warehouseApi.batchDetail, { query: { id: id ?? '' }, signal }),
    enabled: !!id,
    retry: false,
  });
}

/** Downloads the server's Excel export of 批次列表 with the list's filters. */
export function useExportBatches() {
  return useWrite({
    mutationFn: (filters: Omit<BatchListQuery, 'page' | 'page_size'>) => downloadFile(warehouseApi.batchExport.path, filters, 'batches.xlsx'),
  });
}

/** Closes a batch; answers the rows of its batch-list print. */
export function useCloseBatch() {
  const refresh = useRefreshAll();
  return useWrite({
    mutationFn: (id: string) => callApi(warehouseApi.batchClose, { body: { id } }),
    onSuccess: () => void refresh(),
  });
}

/** The rows of a batch-list print (a reprint of any batch). */
export function useBatchPrintData() {
  return useWrite({ mutationFn: (id: string) => callApi(warehouseApi.batchPrint, { query: { id } }) });
}

export function useWarehouseOrderDetail(id: string | null) {
  return usePortalOrderDetail('warehouse', id);
}

/** Downloads the server's Excel export of the order list (e.g. one batch's orders). */
export function useExportWarehouseOrders() {
  return usePortalOrderExport('warehouse');
}

export function useSubmitInspection() {
  const refresh = useRefreshAll();
  return useWrite({
    mutationFn: (body: InspectionSubmitBody) => callApi(inspectionApi.submit, { body }),
    onSuccess: () => void refresh(),
  });
}

/**
 * What saving each result of the item would book (the server's plan, the one the save books). A
 * missing fee rule (1001) or a vanished item (1004) is shown by the form beside the fee, not as a toast.
 */
export function useFeeQuote(itemId: string, mode: 'submit' | 'amend') {
  return useQuery({
    queryKey: warehouseKeys.feeQuote(itemId, mode),
    queryFn: ({ signal }) => callApi(inspectionApi.feeQuote, { query: { item_id: itemId, mode }, signal, handles: [1001, 1004] }),
    retry: false,
    refetchOnWindowFocus: false,
  });
}

/** Amends a submitted result (the key makes a repeated request change nothing). */
export function useAmendInspection() {
  const refresh = useRefreshAll();
  return useWrite({
    mutationFn: (body: InspectionAmendBody) => callApi(inspectionApi.amend, { body }),
    onSuccess: () => void refresh(),
  });
}

/** 电子面单取号: the platform's outbound waybill for a Doudian order and the carrier chosen (asked again: the same number). */
export function useEbill() {
  return useWrite({ mutationFn: (body: BodyOf<typeof warehouseApi.orderEbill>) => callApi(warehouseApi.orderEbill, { body }) });
}

/** 发货 of one order; `key` is the ship's client request key (kept for the offline queue when the network drops). */
export function useShip() {
  const refresh = useRefreshAll();
  return useWrite({
    mutationFn: ({ key, ...body }: BodyOf<typeof warehouseApi.orderShip> & { key: string }) => callApi(warehouseApi.orderShip, { body, idempotencyKey: key }),
    onSuccess: () => void refresh(),
  });
}

/** 批量发货: each order with its waybill; the answer says which shipped and why the others did not. */
export function useBatchShip() {
  const refresh = useRefreshAll();
  return useWrite({
    mutationFn: (body: BodyOf<typeof warehouseApi.orderBatchShip>) => callApi(warehouseApi.orderBatchShip, { body }),
    onSuccess: () => void refresh(),
  });
}

export function useReturn() {
  const refresh = useRefreshAll();
  return useWrite({
    mutationFn: (body: ReturnBody) => callApi(warehouseApi.orderReturn, { body }),
    onSuccess: () => void refresh(),
  });
}

/** What became of one code of the scan queue. */
export type QueuedIntake = { state: 'received'; orderNo: string; batchNo: string } | { state: 'refused'; orderNo: string | null; reason: string };

/**
 * One parcel of 连续入仓: look the code up, then receive the order when it may be. A refusal is an
 * answer (the queue lists it beside the code), not a toast per parcel.
 */
export async function receiveScanned(code: string, key: string): Promise<QueuedIntake> {
  const d = await callApi(warehouseApi.intakeScan, { body: { code }, silent: true });
  if (!d.can_receive) return { state: 'refused', orderNo: d.order.order_no, reason: d.refusal };
  const r = await callApi(warehouseApi.intakeReceive, { body: { id: d.order.id }, silent: true, idempotencyKey: key });
  return { state: 'received', orderNo: r.order.order_no, batchNo: r.batch.batch_no };
}

/** Refreshes the warehouse views (open batch, lists) after work done outside a mutation hook. */
export function useWarehouseRefresh() {
  return useRefreshAll();
}
