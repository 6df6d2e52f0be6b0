import { useCallback, useDeferredValue, useEffect, useMemo, useRef, useState, type CSSProperties, type ReactElement } from 'react';
import { createItem, createTableItem, DESIGNER_DEFAULTS } from '../model/defaults';
import type { DataRow, FieldDef, ItemKind, ItemStyle, Template, TemplateItem } from '../model/types';
import { translate, type Locale, type MessageKey } from '../i18n';
import { LodopPrintService, type PrintOutcome } from '../lodop/service';
import type { LodopLicence } from '../lodop/types';
import type { PrinterDeviceKind } from '../lodop/printers';
import { barcodeOf, prefetchBarcodes, startBarcodeWorkers } from '../render/barcodes';
import { bindText } from '../model/binding';
import { downloadPdf, printInBrowser, type PdfOptions } from '../render/print';
import { PrintJobError } from '../model/barcode-check';
import { Canvas } from './Canvas';
import { Panel, type MaxLengths } from './Panel';
import { addItems, cloneItems, deleteItems, moveItems, patchItem, patchStyle, resizeItem, useDesignerStore } from './store';
import { DESIGNER_CSS } from './styles';
import { TablePopover, type TableChoice } from './TablePopover';

export interface LabelDesignerProps {
  /** The template to edit; a new object (e.g. after loading another template) restarts the editor. */
  template: Template;
  /** Data fields the host offers for binding; fields with `columns` are lists usable by tables. */
  fields?: FieldDef[];
  /** Save emits the template (spec §4). */
  onSave: (template: Template) => void;
  /** Preview: when given, the host handles it; otherwise the designer previews through C-Lodop itself. */
  onPreview?: (template: Template) => void;
  /** Every change, for hosts that track unsaved edits. */
  onChange?: (template: Template) => void;
  /** Print licence from the host's configuration (never in code), used by the built-in preview. */
  licence?: LodopLicence;
  /** Which remembered printer the built-in preview uses. */
  deviceKind?: PrinterDeviceKind;
  /** Sample data row for previews. */
  sampleRow?: DataRow;
  locale?: Locale;
  /** Initial zoom in percent (default 100). */
  zoom?: number;
  /** Maximum lengths of text inputs; a counter is shown only for these. */
  maxLengths?: MaxLengths;
  /**
   * Snapping to other items' edges and centres while dragging starts off (a drag moves the item by
   * the mouse movement, spec §4); the toolbar's 吸附 switch turns it on, Alt skips it for one drag.
   */
  snap?: boolean;
  /** The save button is enabled (false for a user who may only look; default true). */
  canSave?: boolean;
  printService?: LodopPrintService;
  /** Upload a picture for an image item into the host's storage; answers the URL to print it from. */
  onUploadImage?: (file: File) => Promise<string>;
  /** The Chinese font of 下载 PDF (render/pdf.ts); without it the C-Lodop message offers browser print only. */
  pdfFonts?: PdfOptions['fonts'];
  className?: string;
  style?: CSSProperties;
}

const isEditable = (el: EventTarget | null): boolean => {
  if (!(el instanceof HTMLElement)) return false;
  const tag = el.tagName;
  return tag === 'INPUT' || tag === 'TEXTAREA' || tag === 'SELECT' || el.isContentEditable;
};

const ZOOMS = [25, 50, 75, 100, 125, 150, 200, 300, 400];
// Stable defaults, so the memoised panel is not re-rendered by a new [] or {} on every render.
const NO_FIELDS: FieldDef[] = [];
const NO_MAX_LENGTHS: MaxLengths = {};

type PrintMessage = Exclude<PrintOutcome, { ok: true }>['status'];

export function LabelDesigner(props: LabelDesignerProps): ReactElement {
  const { template: initial, fields = NO_FIELDS, onSave, onPreview, onChange, locale, maxLengths = NO_MAX_LENGTHS, canSave = true } = props;
  const t = useCallback((k: MessageKey, p?: Record<string, string | number>) => translate(locale, k, p), [locale]);
  // Start the barcode workers and queue the template's barcodes before the canvas renders: the workers
  // load bwip-js and draw while React builds the items, which then find most of them drawn.
  useState(() => {
    const codes = initial.tempItems.filter((i) => i.type === 'bar-code');
    if (!codes.length) return;
    startBarcodeWorkers();
    void prefetchBarcodes(codes.map((i) => barcodeOf(i, bindText(i))));
  });
  const [state, dispatch] = useDesignerStore(initial);
  const [zoom, setZoom] = useState(props.zoom ?? DESIGNER_DEFAULTS.zoom);
  const [snap, setSnap] = useState(props.snap ?? false);
  const [popover, setPopover] = useState<null | { edit?: TemplateItem }>(null);
  const [message, setMessage] = useState<PrintMessage | null>(null);
  const rootRef = useRef<HTMLDivElement>(null);
  const clipboard = useRef<TemplateItem[]>([]);
  const { template, selected } = state;

  // A new template object from the host starts a new editing session.
  const seen = useRef(initial);
  useEffect(() => {
    if (seen.current !== initial) {
      seen.current = initial;
      dispatch({ type: 'reset', template: initial });
    }
  }, [initial, dispatch]);

  const changed = useRef(false);
  useEffect(() => {
    if (!changed.current) {
      changed.current = true;
      return;
    }
    onChange?.(template);
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [template]);

  const edit = useCallback((next: Template, key?: string, select?: string[]) => dispatch({ type: 'edit', template: next, key, select }), [dispatch]);
  const latest = useRef(state);
  latest.current = state;

  const onSelect = useCallback((ids: string[]) => dispatch({ type: 'select', ids }), [dispatch]);
  const onMove = useCallback((ids: string[], dx: number, dy: number) => edit(moveItems(latest.current.template, ids, dx, dy)), [edit]);
  const onResize = useCallback((uuid: string, w: number, h: number) => edit(resizeItem(latest.current.template, uuid, w, h)), [edit]);
  const onPage = useCallback((patch: Partial<Template>, key: string) => edit({ ...latest.current.template, ...patch }, key), [edit]);
  const onItem = useCallback((uuid: string, patch: Partial<TemplateItem>, key: string) => edit(patchItem(latest.current.template, uuid, patch), key), [edit]);
  const onStyle = useCallback((uuid: string, patch: Partial<ItemStyle>, key: string) => edit(patchStyle(latest.current.template, uuid, patch), key), [edit]);

  const add = useCallback((item: TemplateItem) => edit(addItems(latest.current.template, [item]), undefined, [item.uuid]), [edit]);
  const onAdd = useCallback(
    (type: ItemKind, field?: FieldDef) => {
      if (type === 'braid-table') return setPopover({});
      add(field ? createItem(type, { name: field.name, title: field.title, value: `{${field.name}}` }) : createItem(type));
    },
    [add],
  );
  const onTableChosen = (c: TableChoice): void => {
    const editing = popover?.edit;
    setPopover(null);
    if (editing) {
      const columns = c.chosen.map((n) => c.columnsAttr.find((x) => x.name === n)).filter((x) => x !== undefined);
      onItem(editing.uuid, { name: c.source, columnsAttr: c.columnsAttr, columns, selectCol: columns.map((x) => x.name) }, `${editing.uuid}:columns`);
    } else add(createTableItem(c.columnsAttr, c.chosen, { name: c.source }));
  };

  const remove = useCallback(() => {
    const s = latest.current;
    // Deleting with nothing selected is ignored (spec §4).
    if (!s.selected.length) return;
    edit(deleteItems(s.template, s.selected), undefined, []);
  }, [edit]);
  const copy = useCallback(() => {
    const s = latest.current;
    const set = new Set(s.selected);
    clipboard.current = s.template.tempItems.filter((i) => set.has(i.uuid));
  }, []);
  const paste = useCallback(() => {
    if (!clipboard.current.length) return;
    const items = cloneItems(clipboard.current, 10);
    clipboard.current = items; // pasting again cascades instead of stacking
    edit(addItems(latest.current.template, items), undefined, items.map((i) => i.uuid));
  }, [edit]);

  useEffect(() => {
    const onKey = (e: KeyboardEvent): void => {
      const root = rootRef.current;
      if (!root || isEditable(e.target)) return;
      const target = e.target as Node | null;
      // Act only for keys aimed at the designer or at nothing in particular.
      if (target && target !== document.body && target !== document.documentElement && !root.contains(target)) return;
      const s = latest.current;
      const mod = e.ctrlKey || e.metaKey;
      const k = e.key.toLowerCase();
      if (mod && k === 'z') {
        e.preventDefault();
        dispatch({ type: e.shiftKey ? 'redo' : 'undo' });
        return;
      }
      if (mod && k === 'y') {
        e.preventDefault();
        dispatch({ type: 'redo' });
        return;
      }
      if (mod && k === 'c') return copy();
      if (mod && k === 'v') {
        e.preventDefault();
        return paste();
      }
      if (e.key === 'Delete' || e.key === 'Backspace') {
        if (s.selected.length) e.preventDefault();
        return remove();
      }
      if (e.key === 'Escape') return onSelect([]);
      const dir = { ArrowLeft: [-1, 0], ArrowRight: [1, 0], ArrowUp: [0, -1], ArrowDown: [0, 1] }[e.key];
      if (!dir || !s.selected.length) return;
      e.preventDefault();
      const step = e.shiftKey ? DESIGNER_DEFAULTS.arrowStepShift : DESIGNER_DEFAULTS.arrowStep;
      const set = new Set(s.selected);
      const items = s.template.tempItems.filter((i) => set.has(i.uuid) && i.dragable !== false);
      if (!items.length) return;
      // Left and up work only while the value is nonzero; the group stops at the page edge.
      const minLeft = Math.min(...items.map((i) => i.left));
      const minTop = Math.min(...items.map((i) => i.top));
      const dx = (dir[0] as number) < 0 ? -Math.min(step, minLeft) : (dir[0] as number) * step;
      const dy = (dir[1] as number) < 0 ? -Math.min(step, minTop) : (dir[1] as number) * step;
      if (dx === 0 && dy === 0) return;
      edit(moveItems(s.template, items.map((i) => i.uuid), dx, dy), 'arrow');
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, [dispatch, edit, copy, paste, remove, onSelect]);

  const service = useMemo(
    () => props.printService ?? new LodopPrintService({ licence: props.licence, locale, deviceKind: props.deviceKind }),
    [props.printService, props.licence, locale, props.deviceKind],
  );
  // A sheet template previews and test-prints a full sheet of the sample label.
  const sheetCells = template.sheet ? template.sheet.columns * template.sheet.rows : 1;
  const rows = props.sampleRow ? Array.from({ length: sheetCells }, () => props.sampleRow as DataRow) : sheetCells > 1 ? Array.from({ length: sheetCells }, () => ({})) : [];
  const preview = async (): Promise<void> => {
    if (onPreview) return onPreview(template);
    setMessage(null);
    const r = await service.preview(template, rows);
    setMessage(r.ok ? null : r.status);
  };

  // The browser path refuses what C-Lodop would (a barcode its code set cannot encode) with the same sentence.
  const inBrowser = async (run: () => Promise<unknown>): Promise<void> => {
    try {
      await run();
    } catch (e) {
      if (!(e instanceof PrintJobError)) throw e;
      setMessage({ state: 'error', message: e.message, error: e.message });
    }
  };

  // The panel follows a selection change in a deferred render: pressing on an item to drag it
  // repaints the canvas at once, and the style form catches up without blocking that frame.
  const panelSelected = useDeferredValue(selected);
  const selectedItems = useMemo(() => {
    const set = new Set(panelSelected);
    return template.tempItems.filter((i) => set.has(i.uuid));
  }, [template, panelSelected]);
  const onEditColumns = useCallback((item: TemplateItem) => setPopover({ edit: item }), []);

  return (
    <div ref={rootRef} className={`gq-designer ${props.className ?? ''}`} style={props.style} data-testid="label-designer" tabIndex={-1}>
      <style>{DESIGNER_CSS}</style>
      <div className="gq-main">
        <div className="gq-toolbar" data-testid="designer-toolbar">
          <button type="button" data-testid="btn-undo" disabled={!state.past.length} onClick={() => dispatch({ type: 'undo' })}>{t('undo')}</button>
          <button type="button" data-testid="btn-redo" disabled={!state.future.length} onClick={() => dispatch({ type: 'redo' })}>{t('redo')}</button>
          <button type="button" data-testid="btn-copy" disabled={!selected.length} onClick={copy}>{t('copy')}</button>
          <button type="button" data-testid="btn-paste" onClick={paste}>{t('paste')}</button>
          <button type="button" data-testid="btn-delete" disabled={!selected.length} onClick={remove}>{t('delete')}</button>
          <label className="gq-snap" style={{ marginLeft: 'auto' }}>
            <input type="checkbox" data-testid="snap-toggle" checked={snap} onChange={(e) => setSnap(e.target.checked)} /> {t('snap')}
          </label>
          <span>{t('zoom')}</span>
          <button type="button" data-testid="zoom-out" onClick={() => setZoom((z) => [...ZOOMS].reverse().find((x) => x < z) ?? z)}>−</button>
          <input
            type="number"
            data-testid="zoom-input"
            min={10}
            max={400}
            value={zoom}
            onChange={(e) => Number.isFinite(e.target.valueAsNumber) && setZoom(Math.min(400, Math.max(10, e.target.valueAsNumber)))}
          />
          <span>%</span>
          <button type="button" data-testid="zoom-in" onClick={() => setZoom((z) => ZOOMS.find((x) => x > z) ?? z)}>+</button>
        </div>
        <Canvas template={template} selected={selected} zoom={zoom} snap={snap} onSelect={onSelect} onMove={onMove} onResize={onResize} />
      </div>
      <aside className="gq-panel" data-testid="designer-panel">
        <div className="gq-panel-actions">
          <button type="button" className="gq-primary" data-testid="btn-save" disabled={!canSave} onClick={() => onSave(template)}>{t('save')}</button>
          <button type="button" data-testid="btn-preview" onClick={() => void preview()}>{t('preview')}</button>
        </div>
        {message ? (
          <div className="gq-message" role="alert" data-testid="print-message" data-state={message.state}>
            <p>{message.message}</p>
            <p>
              {'downloadUrl' in message ? <a href={message.downloadUrl} target="_blank" rel="noreferrer" data-testid="print-download">{t('lodop.download')}</a> : null}
              {'restartUrl' in message ? <a href={message.restartUrl} data-testid="print-restart">{t('lodop.restart')}</a> : null}
              <a href="#reload" data-testid="print-reload" onClick={(e) => { e.preventDefault(); window.location.reload(); }}>{t('lodop.reload')}</a>
            </p>
            <p>{t('lodop.browserFallback')}</p>
            <button type="button" data-testid="btn-browser-print" onClick={() => void inBrowser(() => printInBrowser(template, rows, { locale }))}>{t('browserPrint')}</button>{' '}
            {props.pdfFonts ? <button type="button" data-testid="btn-download-pdf" onClick={() => void inBrowser(() => downloadPdf(template, rows, { locale, fonts: props.pdfFonts! }))}>{t('downloadPdf')}</button> : null}
          </div>
        ) : null}
        {popover ? (
          <TablePopover
            fields={fields}
            locale={locale}
            initial={popover.edit ? { source: popover.edit.name, chosen: popover.edit.selectCol ?? [] } : undefined}
            onConfirm={onTableChosen}
            onCancel={() => setPopover(null)}
          />
        ) : null}
        <Panel
          template={template}
          selectedItems={selectedItems}
          selected={panelSelected}
          fields={fields}
          locale={locale}
          maxLengths={maxLengths}
          onPage={onPage}
          onItem={onItem}
          onStyle={onStyle}
          onAdd={onAdd}
          onEditColumns={onEditColumns}
          onSelect={onSelect}
          {...(props.onUploadImage ? { onUploadImage: props.onUploadImage } : {})}
        />
      </aside>
    </div>
  );
}
