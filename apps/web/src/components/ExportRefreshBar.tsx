import { Button, Space } from 'antd';
import type { ReactNode } from 'react';

/**
 * The bar over a list table: 导出 (primary) and 刷新 on the left, then the page's own buttons
 * (`extra`, e.g. 批量发货), a note (e.g. how many need attention) on the right.
 */
export function ExportRefreshBar({
  className,
  onExport,
  exporting,
  exportText,
  onRefresh,
  refreshText,
  extra,
  note,
}: {
  /** The page's toolbar class (flex row, space between). */
  className: string;
  onExport: () => void;
  exporting: boolean;
  exportText: string;
  onRefresh: () => void;
  refreshText: string;
  extra?: ReactNode;
  note?: ReactNode;
}) {
  return (
    <div className={className}>
      <Space wrap>
        <Button type="primary" onClick={onExport} loading={exporting}>
          {exportText}
        </Button>
        <Button onClick={onRefresh}>{refreshText}</Button>
        {extra}
      </Space>
      {note}
    </div>
  );
}
