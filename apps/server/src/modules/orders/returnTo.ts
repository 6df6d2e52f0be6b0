import { returnMethods, type ReturnContact } from '@gemqc/contract';
import type { Db } from '../../db/client';
import * as repo from './returnTo.repo';

// Read here, below every module that sends goods back or tells about it (interception, warehouse,
// notifications): the merchant's 检测信息 is merchants' data, the address it gives is the order's.

/**
 * Where each merchant's intercepted goods go back: its 检测信息 (contact, mobile, 退货地址, return
 * method); without one, its registration's contact and mobile and no address. The one source of
 * 拦截退回, the 快递寄回 dialog, the return sheet and the order's interception panel.
 */
export async function returnContacts(db: Db, merchantIds: number[]): Promise<Map<number, ReturnContact>> {
  const rows = await repo.returnContactsOf(db, [...new Set(merchantIds)]);
  return new Map(
    rows.map((r) => {
      const method = r.returnMethod ?? '';
      return [
        r.merchantId,
        {
          merchant_name: r.name,
          contact: r.contactPerson || r.contact,
          mobile: r.contactMobile || r.mobile,
          address: r.returnAddress ?? '',
          method,
          method_text: returnMethods.find((m) => m.value === method)?.label ?? '',
        },
      ];
    }),
  );
}

/** One merchant's return contact (returnContacts). */
export async function returnContactOf(db: Db, merchantId: number): Promise<ReturnContact> {
  const c = (await returnContacts(db, [merchantId])).get(merchantId);
  return c ?? { merchant_name: '', contact: '', mobile: '', address: '', method: '', method_text: '' };
}
