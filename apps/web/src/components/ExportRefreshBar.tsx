import { Button, Space } from 'antd';
import type { ReactNode } from 'react';

/** The bar over a list table: 导出 (primary) and 刷新 on the left, a note (e.g. how many need attention) on the right. */
export function ExportRefreshBar({
  className,
  onExport,
  exporting,
  exportText,
  onRefresh,
  refreshText,
  note,
}: {
  /** The page's toolbar class (flex row, space between). */
  className: string;
  onExport: () => void;
  exporting: boolean;
  exportText: string;
  onRefresh: () => void;
  refreshText: string;
  note?: ReactNode;
}) {
  return (
    <div className={className}>
      <Space wrap>
        <Button type="primary" onClick={onExport} loading={exporting}>
          {exportText}
        </Button>
        <Button onClick={onRefresh}>{refreshText}</Button>
      </Space>
      {note}
    </div>
  );
}
