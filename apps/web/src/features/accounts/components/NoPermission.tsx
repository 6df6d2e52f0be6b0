import { Result } from 'antd';

/** Shown instead of a management page when the signed-in sub-account lacks its permission. */
export function NoPermission({ text }: { text: string }) {
  return <Result status="403" title="403" subTitle={text} />;
}
