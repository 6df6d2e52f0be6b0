import { Tooltip } from 'antd';
import type { CSSProperties, ReactNode } from 'react';
import './Text.css';

interface TextProps {
  /** antd Typography.Text's `type`: secondary, warning, danger */
  tone?: 'secondary' | 'warning' | 'danger';
  strong?: boolean;
  /** one line cut with … and the full text in a tooltip */
  ellipsis?: { tooltip: ReactNode };
  className?: string;
  style?: CSSProperties;
  children: ReactNode;
  'data-testid'?: string;
}

/**
 * The few looks of antd's Typography.Text that list cells need (muted, warning, danger, bold, one
 * line with a tooltip), as a plain span: the first portal page (the order list) does not load
 * antd's Typography for them.
 */
export function Text({ tone, strong, ellipsis, className, style, children, ...rest }: TextProps) {
  const classes = ['gq-text', tone && `gq-text--${tone}`, strong && 'gq-text--strong', ellipsis && 'gq-text--ellipsis', className].filter(Boolean).join(' ');
  const span = (
    <span className={classes} style={style} data-testid={rest['data-testid']}>
      {children}
    </span>
  );
  return ellipsis ? <Tooltip title={ellipsis.tooltip}>{span}</Tooltip> : span;
}
