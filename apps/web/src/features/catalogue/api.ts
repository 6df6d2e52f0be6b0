import { useQuery } from '@tanstack/react-query';
import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { catalogueApi, type GemCategory } from '@gemqc/contract';
import { callApi } from '../../lib/request';

/** The catalogue module's endpoints (`catalogueApi.stationList`, `gemList`, `gemPage`): the service centres a merchant sends to (stations) and gem categories. */
export const catalogueKeys = {
  stations: ['merchant', 'catalogue', 'stations'] as const,
  gems: ['merchant', 'catalogue', 'gems'] as const,
};

export function useStations() {
  return useQuery({
    queryKey: catalogueKeys.stations,
    queryFn: ({ signal }) => callApi(catalogueApi.stationList, { signal }),
    staleTime: 5 * 60_000,
  });
}

/** Gem categories whose name or code matches `keyword` (first 50), for the searchable category picker. */
export function useGemSearch(keyword: string) {
  return useQuery({
    queryKey: [...catalogueKeys.gems, 'page', keyword],
    queryFn: ({ signal }) => callApi(catalogueApi.gemPage, { query: { keyword, page: 1, page_size: 50 }, signal }),
    enabled: keyword !== '',
    staleTime: 5 * 60_000,
  });
}

export function useGems() {
  return useQuery({
    queryKey: catalogueKeys.gems,
    queryFn: ({ signal }) => callApi(catalogueApi.gemList, { signal }),
    staleTime: 5 * 60_000,
  });
}

/** A category's name in the session's language (the catalogue's English name in en-US, when it has one). */
export function useGemName(): (g: Pick<GemCategory, 'name' | 'name_en'>) => string {
  const { i18n } = useTranslation();
  const english = i18n.language === 'en-US';
  return useCallback((g) => (english && g.name_en ? g.name_en : g.name), [english]);
}
