import type { ReactNode } from 'react';
import { Badge, Popover } from 'antd';
import { BellOutlined } from '@ant-design/icons';
import { useNt } from '../i18n';

/** The header bell: the badge counts what is unread or waiting; a click opens `content`. */
export function Bell({ count, content, open, onOpenChange }: { count: number; content: ReactNode; open?: boolean; onOpenChange?: (open: boolean) => void }) {
  const t = useNt();
  return (
    <Popover trigger="click" placement="bottom" title={t('title')} content={content} open={open} onOpenChange={onOpenChange}>
      <Badge count={count} size="small" data-testid="notification-badge">
        <BellOutlined className="navbar-icon" role="button" aria-label={t('title')} />
      </Badge>
    </Popover>
  );
}
