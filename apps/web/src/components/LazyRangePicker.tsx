import { useContext, useEffect, useRef, useState, type ComponentProps, type MouseEvent, type RefObject } from 'react';
import { CalendarOutlined, SwapRightOutlined } from '@ant-design/icons';
import { ConfigProvider } from 'antd';
import useCSSVarCls from 'antd/es/config-provider/hooks/useCSSVarCls';
import useStyle from 'antd/es/date-picker/style';
import enUS from 'antd/es/date-picker/locale/en_US';
import type { RangePicker as RealRangePicker } from './RangePickerReal';

type Real = typeof RealRangePicker;
export type LazyRangePickerProps = ComponentProps<Real>;
type PickerRef = { focus: (options?: { index?: number }) => void; nativeElement?: HTMLElement } | null;

let loaded: Real | null = null;
let loading: Promise<Real> | null = null;
/** Loads antd's RangePicker once (hover starts it early). */
export function loadRangePicker(): Promise<Real> {
  loading ??= import('./RangePickerReal').then((m) => (loaded = m.RangePicker));
  return loading;
}

const fmt = (d: unknown) => (d && typeof d === 'object' && 'format' in d && typeof d.format === 'function' ? String(d.format('YYYY-MM-DD')) : '');

/**
 * antd's DatePicker.RangePicker, loaded when it is first used. Until then the filter bar shows its
 * closed state: the same elements, classes and antd styles (开始日期 → 结束日期, calendar icon).
 * Pointing at it starts loading; pressing or focusing it (a click, Tab, the label) swaps in the real
 * picker, focused on the same field, so its panel opens as it always did; text typed meanwhile is
 * handed over. A value (dates from the URL) loads it at once.
 */
export function LazyRangePicker(props: LazyRangePickerProps) {
  const [Picker, setPicker] = useState<Real | null>(() => loaded);
  const [wanted, setWanted] = useState(false);
  const hasValue = Array.isArray(props.value) && props.value.some(Boolean);
  const useReal = Picker !== null && (wanted || hasValue);
  const fakeRoot = useRef<HTMLDivElement>(null);
  const realRef = useRef<PickerRef>(null);
  // the field focused (and any text typed) in the stand-in when the real picker takes over
  const handover = useRef<{ index: number; text: string; click: boolean } | null>(null);
  // the stand-in was pressed or clicked (a click, its label): the real picker opens its panel
  const pressed = useRef(false);

  useEffect(() => {
    if ((wanted || hasValue) && !Picker) {
      let live = true;
      void loadRangePicker().then((p) => live && setPicker(() => p));
      return () => {
        live = false;
      };
    }
  }, [wanted, hasValue, Picker]);

  if (useReal && fakeRoot.current) {
    // read the stand-in's state while it is still in the page (this render replaces it)
    const inputs = Array.from(fakeRoot.current.querySelectorAll('input'));
    const index = inputs.findIndex((i) => i === document.activeElement);
    if (index >= 0) handover.current = { index, text: inputs[index]!.value, click: pressed.current };
  }

  useEffect(() => {
    const h = handover.current;
    if (!useReal || !h) return;
    handover.current = null;
    realRef.current?.focus({ index: h.index });
    const input = realRef.current?.nativeElement?.querySelectorAll('input')[h.index];
    // antd's picker opens on a click (focus alone, e.g. Tab, leaves it closed)
    if (h.click) input?.click();
    if (h.text) {
      if (input) {
        Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value')?.set?.call(input, h.text);
        input.dispatchEvent(new Event('input', { bubbles: true }));
      }
    }
  }, [useReal]);

  if (useReal) {
    // React 19 passes a ref as a prop: Form.Item's (field instance) and ours both get the picker
    const outer = (props as { ref?: unknown }).ref;
    const setRef = (node: PickerRef) => {
      realRef.current = node;
      if (typeof outer === 'function') outer(node);
      else if (outer && typeof outer === 'object') (outer as { current: unknown }).current = node;
    };
    return <Picker {...props} ref={setRef as never} />;
  }
  return (
    <RangePickerStandIn
      {...props}
      rootRef={fakeRoot}
      onWanted={(click) => {
        if (click) pressed.current = true;
        setWanted(true);
      }}
    />
  );
}

function RangePickerStandIn({
  id,
  style,
  className,
  size: customSize,
  value,
  rootRef,
  onWanted,
}: LazyRangePickerProps & { rootRef: RefObject<HTMLDivElement | null>; onWanted: (click: boolean) => void }) {
  // public antd context (prefix, locale, size); the picker's own style hook gives its exact look
  const { getPrefixCls, locale } = useContext(ConfigProvider.ConfigContext);
  const { componentSize } = ConfigProvider.useConfig();
  const prefixCls = getPrefixCls('picker');
  const rootCls = useCSSVarCls(prefixCls);
  const [hashId, cssVarCls] = useStyle(prefixCls, rootCls);
  const size = customSize ?? componentSize;
  const [start, end] = locale?.DatePicker?.lang.rangePlaceholder ?? enUS.lang.rangePlaceholder ?? ['', ''];
  const classes = [
    prefixCls,
    `${prefixCls}-range`,
    size === 'large' ? `${prefixCls}-large` : '',
    size === 'small' ? `${prefixCls}-small` : '',
    `${prefixCls}-outlined`,
    hashId,
    cssVarCls,
    rootCls,
    className ?? '',
  ]
    .filter(Boolean)
    .join(' ');
  const values = Array.isArray(value) ? value : [];
  const ids = typeof id === 'object' ? id : { start: id, end: undefined };
  const field = (index: 0 | 1) => (
    <div className={`${prefixCls}-input ${prefixCls}-input-${index ? 'end' : 'start'}`}>
      <input
        key={fmt(values[index])}
        aria-invalid="false"
        autoComplete="off"
        size={12}
        id={index ? ids.end : ids.start}
        placeholder={index ? end : start}
        date-range={index ? 'end' : 'start'}
        defaultValue={fmt(values[index])}
        onFocus={() => onWanted(false)}
        onClick={() => onWanted(true)}
      />
    </div>
  );
  return (
    <div
      ref={rootRef}
      className={classes}
      style={style}
      onMouseEnter={() => void loadRangePicker()}
      onMouseDown={(e: MouseEvent) => {
        void loadRangePicker();
        onWanted(true);
        // a press outside the two fields focuses the start field, as antd's picker does
        if (!(e.target instanceof HTMLInputElement)) {
          e.preventDefault();
          rootRef.current?.querySelector('input')?.focus();
        }
      }}
    >
      {field(0)}
      <div className={`${prefixCls}-range-separator`}>
        <span aria-hidden="true" className={`${prefixCls}-separator`}>
          <SwapRightOutlined />
        </span>
      </div>
      {field(1)}
      <div className={`${prefixCls}-active-bar`} style={{ position: 'absolute', width: 0 }} />
      <span className={`${prefixCls}-suffix`}>
        <CalendarOutlined aria-hidden="true" />
      </span>
    </div>
  );
}
