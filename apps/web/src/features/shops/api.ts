import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useWrite } from '../../lib/useWrite';
import { shopsApi, type BodyOf } from '@gemqc/contract';
import { callApi } from '../../lib/request';

export const shopKeys = {
  all: ['merchant', 'shops'] as const,
  list: ['merchant', 'shops', 'list'] as const,
  pending: (shopId: string, page: number, pageSize: number) => ['merchant', 'shops', 'pending', shopId, page, pageSize] as const,
};

/** The merchant's authorised shops (one page of up to 100 covers every real merchant). */
export function useShops() {
  return useQuery({
    queryKey: shopKeys.list,
    queryFn: ({ signal }) => callApi(shopsApi.list, { query: { page: 1, page_size: 100 }, signal }),
    staleTime: 60_000,
  });
}

export function usePendingOrders(shopId: string | undefined, page: number, pageSize: number) {
  return useQuery({
    queryKey: shopKeys.pending(shopId ?? '', page, pageSize),
    queryFn: ({ signal }) => callApi(shopsApi.pendingOrders, { query: { shop_id: shopId ?? '', page, page_size: pageSize }, signal }),
    enabled: !!shopId,
    retry: false,
  });
}

/** Creates testing orders from chosen shop orders (the caller sends them in chunks for progress). */
export function usePullOrders() {
  const qc = useQueryClient();
  return useWrite({
    mutationFn: (body: BodyOf<typeof shopsApi.pullOrders>) => callApi(shopsApi.pullOrders, { body }),
    onSettled: () => {
      void qc.invalidateQueries({ queryKey: shopKeys.all });
      void qc.invalidateQueries({ queryKey: ['merchant', 'orders'] });
    },
  });
}

/** Whether shops connect to the fake Doudian platform of the demo (the page says so). */
export function useShopPlatform() {
  return useQuery({ queryKey: ['merchant', 'shops', 'platform'] as const, queryFn: ({ signal }) => callApi(shopsApi.platform, { signal }), staleTime: Infinity });
}

/** Starts a shop authorisation: asks for the platform URL, then leaves for it. */
export function useAuthorizeShop() {
  return useWrite({
    mutationFn: () => callApi(shopsApi.authorizeUrl),
    onSuccess: (d) => {
      window.location.assign(d.url);
    },
  });
}
