import { z } from 'zod';
import { centerInfo } from './auth';
import { endpoint, pageQuery, paged } from './common';

// What a merchant may send goods to and declare (modules/catalogue): the inspection centres, each as the
// centre's session shows it (auth.ts centerInfo), and the gem categories.

export const gemCategory = z.object({
  id: z.string(),
  code: z.string(),
  name: z.string(),
  /** English name for en-US sessions; '' when none (the Chinese name shows) */
  name_en: z.string(),
  /** 'g' or 'ct' */
  unit: z.string(),
  records_purity: z.boolean(),
});
export type GemCategory = z.infer<typeof gemCategory>;

export const gemPageQuery = pageQuery.extend({
  keyword: z.string().trim().max(50, { error: '关键词不能超过50个字' }).optional(),
});

export const catalogueApi = {
  stationList: endpoint({ method: 'GET', path: '/merchant/v1/Testing/stationList', summary: 'Inspection centres the merchant may send goods to', data: z.array(centerInfo) }),
  gemList: endpoint({ method: 'GET', path: '/merchant/v1/Testing/gemList', summary: 'All gem categories', data: z.array(gemCategory) }),
  gemPage: endpoint({ method: 'GET', path: '/merchant/v1/Testing/gemPage', summary: 'Gem categories, paginated, by keyword (name or code)', query: gemPageQuery, data: paged(gemCategory) }),
};
