import { cloneElement, lazy, Suspense, useState, type ComponentProps, type MouseEvent, type ReactElement } from 'react';
import type { Popconfirm } from 'antd';

const loadPopconfirm = () => import('./PopconfirmReal');
const RealPopconfirm = lazy(() => loadPopconfirm().then((m) => ({ default: m.Popconfirm })));

type Props = ComponentProps<typeof Popconfirm> & { children: ReactElement<{ onClick?: (e: MouseEvent) => void; onMouseEnter?: (e: MouseEvent) => void }> };

/**
 * antd's Popconfirm (popover, its buttons) loaded on the first click of its trigger, then opened as
 * that click would have opened it; pointing at the trigger starts loading it. Until then only the
 * trigger (children) is rendered, as before.
 */
export function LazyPopconfirm({ children, ...props }: Props) {
  const [used, setUsed] = useState(false);
  if (!used) {
    return cloneElement(children, {
      onMouseEnter: (e: MouseEvent) => {
        void loadPopconfirm();
        children.props.onMouseEnter?.(e);
      },
      onClick: (e: MouseEvent) => {
        setUsed(true);
        children.props.onClick?.(e);
      },
    });
  }
  return (
    <Suspense fallback={children}>
      <RealPopconfirm defaultOpen {...props}>
        {children}
      </RealPopconfirm>
    </Suspense>
  );
}
