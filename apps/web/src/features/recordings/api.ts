import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { ordersApi, type QueryOf } from '@gemqc/contract';
import { BASE_URL, callApi } from '../../lib/request';

export type VideoQuery = NonNullable<QueryOf<typeof ordersApi.merchant.videoList>>;

/** Recordings (录像管理) of the merchant's orders. */
export function useVideos(query: VideoQuery) {
  return useQuery({
    queryKey: ['merchant', 'orders', 'videos', query],
    queryFn: ({ signal }) => callApi(ordersApi.merchant.videoList, { query, signal }),
    placeholderData: keepPreviousData,
  });
}

/**
 * The playable address of a recording: the server signs `url` (exp + sig) so a <video> element
 * can stream it with Range requests without the session headers.
 */
export function videoSrc(url: string): string {
  if (/^https?:\/\//.test(url)) return url;
  if (url.startsWith(`${BASE_URL}/`)) return url;
  return `${BASE_URL}${url.startsWith('/') ? '' : '/'}${url}`;
}
