import type { VerifyTexts } from './zh-CN';

/** en-US texts of the public certificate check (namespace `verify`). */
const enUS: VerifyTexts = {
  scanToVerify: 'Scan with a phone to check this certificate',
  qrLabel: 'Certificate check QR code: {{url}}',
  title: 'Certificate check',
  subtitle: 'Scan the QR code on the item tag to see its inspection result',
  loading: 'Looking up the certificate…',
  notFound: 'Certificate not found',
  notFoundHint: 'Please check the verification code or tag code on the tag ({{code}}) or contact the seller.',
  failed: 'The check failed',
  retry: 'Try again',
  genuine: 'Issued by {{centre}}; this certificate is genuine',
  certificateNo: 'Certificate no.',
  verifyCode: 'Verification code',
  conclusion: 'Conclusion',
  result: 'Result',
  itemName: 'Item',
  category: 'Category',
  mass: 'Total mass',
  centre: 'Inspection centre',
  issuedAt: 'Issued',
  result_pass: 'Pass',
  result_fail: 'Fail',
  result_unable: 'Unable to test',
  units_g: 'g',
  units_ct: 'ct',
  photos: 'Inspection photos',
  photoAlt: 'Inspection photo {{n}}',
  language: 'Language',
  footer: 'This page shows the certificate only, no personal data of the merchant or the buyer.',
};
export default enUS;
