import { eq, inArray } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { merchants, testingAuthorisations } from '../../db/schema';

/** Merchants with their registration contact and their 检测信息's return fields (null: not submitted). */
export async function returnContactsOf(db: Db, merchantIds: number[]) {
  if (!merchantIds.length) return [];
  return db
    .select({
      merchantId: merchants.id,
      name: merchants.name,
      contact: merchants.contact,
      mobile: merchants.mobile,
      contactPerson: testingAuthorisations.contactPerson,
      contactMobile: testingAuthorisations.contactMobile,
      returnAddress: testingAuthorisations.returnAddress,
      returnMethod: testingAuthorisations.returnMethod,
    })
    .from(merchants)
    .leftJoin(testingAuthorisations, eq(testingAuthorisations.merchantId, merchants.id))
    .where(inArray(merchants.id, merchantIds));
}
