import { InputNumber } from 'antd';
/**
 * An amount in yuan (string mode: no float rounding; the form turns it into fen). No min/max here:
 * the form rule answers an out-of-range amount with the contract's message instead of clamping it.
 */
export function FeeInput(props: { value?: string | number | null; onChange?: (v: string | null) => void; 'data-testid'?: string; autoFocus?: boolean }) {
  return (
    <InputNumber<string>
      stringMode
      prefix="¥"
      step="1"
      controls={false}
      className="fee-input"
      value={props.value === null || props.value === undefined ? null : String(props.value)}
      onChange={(v) => props.onChange?.(v)}
      autoFocus={props.autoFocus}
      data-testid={props['data-testid']}
    />
  );
}

/** Fen → the yuan text an input starts from (3000 → '30.00'). */
export function fenToInput(fen: number | null | undefined): string | null {
  return fen === null || fen === undefined ? null : (fen / 100).toFixed(2);
}
