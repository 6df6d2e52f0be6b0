import { inspectionResultLabel, type DataOf, type ordersApi } from '@gemqc/contract';
import type { certificates, inspectionRecords } from '../../db/schema';
import { iso, num } from '../../platform/format';

type DetailData = DataOf<typeof ordersApi.merchant.detail>;
export type InspectionView = DetailData['inspections'][number];
export type CertificateView = DetailData['certificates'][number];

/** The public page a buyer opens by scanning the tag's QR code (the certificate check). */
export const verifyUrl = (code: string) => `/verify/${code}`;

/** Builds the signed url of an inspection photo's storage key (an <img> cannot send headers). */
export type PhotoUrlOf = (key: string) => string;

/**
 * An item's inspection record as the order detail (and the warehouse's result answer) shows it:
 * its photos both as storage keys (what an edit sends back) and as signed urls.
 */
export function inspectionView(r: typeof inspectionRecords.$inferSelect, photoUrl: PhotoUrlOf): InspectionView {
  return {
    item_id: String(r.itemId),
    inspector_name: r.inspectorName,
    mass: num(r.mass),
    mass_unit: r.massUnit,
    shape: r.shape,
    colour: r.colour,
    refractive_index: r.refractiveIndex,
    density: r.density,
    magnification: r.magnification,
    purity: r.purity,
    conclusion: r.conclusion,
    result: r.result,
    result_text: inspectionResultLabel(r.result),
    remarks: r.remarks,
    photos: r.photos,
    photo_urls: r.photos.map(photoUrl),
    created_at: iso(r.createdAt),
  };
}

/** An issued certificate; `verifyUrl` gives the public check page of its verification code. */
export function certificateView(c: typeof certificates.$inferSelect, verifyUrl: (code: string) => string): CertificateView {
  return {
    id: String(c.id),
    certificate_no: c.certificateNo,
    item_id: String(c.itemId),
    conclusion: c.conclusion,
    fields: c.fields,
    issued_at: iso(c.issuedAt),
    verify_code: c.verifyCode,
    verify_url: verifyUrl(c.verifyCode),
  };
}
