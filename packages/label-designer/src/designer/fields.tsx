import { useEffect, useId, useState, type ReactElement, type ReactNode } from 'react';

interface Base {
  label: string;
  testId: string;
  disabled?: boolean;
}

function Row({ label, id, children, extra }: { label: string; id: string; children: ReactNode; extra?: ReactNode }): ReactElement {
  return (
    <div className="gq-field">
      <label htmlFor={id}>{label}</label>
      <div className="gq-field-control">
        {children}
        {extra}
      </div>
    </div>
  );
}

/**
 * A number input that never commits a value below its minimum (spec §5). The text being typed is
 * kept locally so an intermediate "" or "-" does not fight the user.
 */
export function NumberField({ label, testId, value, min, step = 1, onChange, disabled }: Base & { value: number | undefined; min?: number; step?: number; onChange: (v: number) => void }): ReactElement {
  const id = useId();
  const [text, setText] = useState(value === undefined ? '' : String(value));
  useEffect(() => setText(value === undefined ? '' : String(value)), [value]);
  return (
    <Row label={label} id={id}>
      <input
        id={id}
        data-testid={testId}
        type="number"
        min={min}
        step={step}
        value={text}
        disabled={disabled}
        onChange={(e) => {
          setText(e.target.value);
          const n = e.target.valueAsNumber;
          if (Number.isFinite(n)) {
            const v = min !== undefined ? Math.max(min, n) : n;
            if (v !== n) setText(String(v));
            onChange(v);
          }
        }}
        onBlur={() => setText(value === undefined ? '' : String(value))}
      />
    </Row>
  );
}

/** Text input; shows a character counter only when `maxLength` is set (spec §5). */
export function TextField({ label, testId, value, maxLength, multiline, onChange, disabled }: Base & { value: string; maxLength?: number; multiline?: boolean; onChange: (v: string) => void }): ReactElement {
  const id = useId();
  const counter = maxLength !== undefined ? <span className="gq-counter" data-testid={`${testId}-counter`}>{`${value.length}/${maxLength}`}</span> : null;
  const props = { id, 'data-testid': testId, value, maxLength, disabled, onChange: (e: { target: { value: string } }) => onChange(e.target.value) };
  return (
    <Row label={label} id={id} extra={counter}>
      {multiline ? <textarea rows={3} {...props} /> : <input type="text" {...props} />}
    </Row>
  );
}

export function ColorField({ label, testId, value, onChange, disabled }: Base & { value: string | undefined; onChange: (v: string) => void }): ReactElement {
  const id = useId();
  return (
    <Row label={label} id={id}>
      <input id={id} data-testid={testId} type="color" value={value ?? '#000000'} disabled={disabled} onChange={(e) => onChange(e.target.value)} />
    </Row>
  );
}

export function CheckField({ label, testId, value, onChange, disabled }: Base & { value: boolean | undefined; onChange: (v: boolean) => void }): ReactElement {
  const id = useId();
  return (
    <Row label={label} id={id}>
      <input id={id} data-testid={testId} type="checkbox" checked={value === true} disabled={disabled} onChange={(e) => onChange(e.target.checked)} />
    </Row>
  );
}

export function SelectField<T extends string | number>({ label, testId, value, options, onChange, disabled }: Base & { value: T | undefined; options: { value: T; label: string }[]; onChange: (v: T) => void }): ReactElement {
  const id = useId();
  return (
    <Row label={label} id={id}>
      <select
        id={id}
        data-testid={testId}
        value={value === undefined ? '' : String(value)}
        disabled={disabled}
        onChange={(e) => {
          const o = options.find((x) => String(x.value) === e.target.value);
          if (o) onChange(o.value);
        }}
      >
        {value === undefined ? <option value="" /> : null}
        {options.map((o) => (
          <option key={String(o.value)} value={String(o.value)}>
            {o.label}
          </option>
        ))}
      </select>
    </Row>
  );
}

export function Section({ id, title, open, onToggle, children }: { id: string; title: string; open: boolean; onToggle: () => void; children: ReactNode }): ReactElement {
  return (
    <section className="gq-section" data-testid={`section-${id}`} data-open={open ? 'true' : 'false'}>
      <button type="button" className="gq-section-head" data-testid={`section-${id}-toggle`} aria-expanded={open} onClick={onToggle}>
        <span className="gq-caret">{open ? '▾' : '▸'}</span>
        {title}
      </button>
      {open ? <div className="gq-section-body">{children}</div> : null}
    </section>
  );
}
