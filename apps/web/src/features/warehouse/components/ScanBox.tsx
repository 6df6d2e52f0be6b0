import { Input, Typography, type InputRef } from 'antd';
import { ScanOutlined } from '@ant-design/icons';
import { forwardRef, useEffect, useImperativeHandle, useRef, useState } from 'react';
import { scanCode } from '@gemqc/contract';
import { useWt } from '../i18n';

export interface ScanBoxHandle {
  focus(): void;
}

/** Whether a key press belongs to a field the user is typing in (then the scan box leaves it alone). */
function typingElsewhere(target: EventTarget | null): boolean {
  if (!(target instanceof HTMLElement)) return false;
  if (target.isContentEditable) return true;
  return ['INPUT', 'TEXTAREA', 'SELECT'].includes(target.tagName) || !!target.closest('.ant-modal, .ant-select-dropdown, .ant-picker-dropdown');
}

/**
 * The scan box of 入仓质检: a barcode scanner types the waybill or order no and presses Enter.
 * It takes focus on load, after each action (the page calls focus()), on F2, and when a key is
 * typed while no other field has focus, so a scan is never lost. A refused scan stays in the box
 * fully selected, so the next scan replaces it (never appended to it).
 */
export const ScanBox = forwardRef<ScanBoxHandle, { onScan: (code: string) => void; loading?: boolean }>(function ScanBox({ onScan, loading }, ref) {
  const t = useWt();
  const input = useRef<InputRef>(null);
  const [value, setValue] = useState('');
  const [error, setError] = useState('');
  // read by the window key handler (registered once)
  const refused = useRef(false);
  useEffect(() => {
    refused.current = !!error;
  }, [error]);

  useImperativeHandle(ref, () => ({ focus: () => input.current?.focus({ cursor: 'all' }) }), []);

  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      if (e.key === 'F2') {
        e.preventDefault();
        input.current?.focus({ cursor: 'all' });
        return;
      }
      // only what a scanner types (letters, digits, -): Space/Enter keep working on a focused button
      if (e.ctrlKey || e.metaKey || e.altKey || !/^[A-Za-z0-9-]$/.test(e.key) || typingElsewhere(e.target)) return;
      // a scanner started typing while nothing had focus: the characters go to the scan box
      // (replacing a refused code, which is never the start of the next scan)
      input.current?.focus({ cursor: refused.current ? 'all' : 'end' });
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, []);

  const submit = (raw: string) => {
    const r = scanCode.safeParse(raw);
    if (!r.success) {
      setError(r.error.issues[0]?.message ?? '');
      // the refused text stays to be read, selected: the next scan replaces it instead of being appended
      input.current?.focus({ cursor: 'all' });
      return;
    }
    setError('');
    setValue('');
    onScan(r.data);
  };

  return (
    <div>
      <Input.Search
        status={error ? 'error' : undefined}
        ref={input}
        autoFocus
        size="large"
        prefix={<ScanOutlined />}
        enterButton={t('scan.go')}
        placeholder={t('scan.placeholder')}
        aria-label={t('scan.label')}
        data-testid="scan-input"
        value={value}
        loading={loading}
        onChange={(e) => {
          setValue(e.target.value);
          if (error) setError('');
        }}
        onSearch={(v, _e, info) => {
          if (info?.source !== 'clear') submit(v);
        }}
      />
      {/* the help line stays in place (no remount of the input, so a scan never loses focus) */}
      <Typography.Text type={error ? 'danger' : 'secondary'} className="small" role={error ? 'alert' : undefined} style={{ display: 'block', marginTop: 4 }}>
        {error || t('scan.keyHint')}
      </Typography.Text>
    </div>
  );
});
