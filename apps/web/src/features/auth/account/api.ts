import { useQueryClient } from '@tanstack/react-query';
import { useWrite } from '../../../lib/useWrite';
import { authApi, type BodyOf } from '@gemqc/contract';
import { callApi } from '../../../lib/request';
import type { PortalType } from '../../../lib/storage';
import { useUserInfo, userInfoKey } from '../api';
import { useUserStore } from '../../../session/user';

export type EditUserBody = BodyOf<typeof authApi.center.edit>;

function editEndpoint(userType: PortalType | null) {
  return userType === 'qualityInspection' ? authApi.warehouse.edit : userType === 'trader' ? authApi.merchant.edit : authApi.center.edit;
}

/** Account and centre info of the signed-in user. */
export function useAccountInfo(userType: PortalType | null) {
  return useUserInfo(userType);
}

/** Edit own name, avatar, introduction or password (old password required for a new one). */
export function useEditAccount(userType: PortalType | null) {
  const qc = useQueryClient();
  return useWrite({
    mutationFn: (body: EditUserBody) => callApi(editEndpoint(userType), { body }),
    onSuccess: (userInfo) => {
      useUserStore.setState({ name: userInfo.name, avatar: userInfo.avatar, introduction: userInfo.introduction, userInfo });
      void qc.invalidateQueries({ queryKey: userInfoKey(userType) });
    },
  });
}
