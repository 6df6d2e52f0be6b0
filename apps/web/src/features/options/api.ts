import { optionsApi, type SelectOptions } from '@gemqc/contract';
import { callApi } from '../../lib/request';
import { StorageKeys, setJSON, type PortalType } from '../../lib/storage';

/** The option-list loader of each user type (qualityInspection loads nothing). */
export async function loadSelectOptions(userType: PortalType): Promise<SelectOptions | null> {
  if (userType === 'qualityInspection') return null;
  const ep = userType === 'trader' ? optionsApi.merchant : userType === 'manage' ? optionsApi.admin : optionsApi.center;
  try {
    const data = await callApi(ep, { silent: true });
    setJSON(StorageKeys.selectOptions, data);
    return data;
  } catch {
    return null;
  }
}
