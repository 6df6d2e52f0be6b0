import { memo, useState, type ReactElement } from 'react';
import { QR_LEVELS, qrLevelOf } from '../model/barcode-rules';
import { FONT_FAMILIES, hasStyle } from '../model/defaults';
import { ALIGNMENTS, BARCODE_TYPES, ITEM_TYPES, LODOP_ITEM_TYPES, type FieldDef, type ItemKind, type ItemStyle, type Template, type TemplateItem } from '../model/types';
import { translate, type Locale, type MessageKey } from '../i18n';
import { CheckField, ColorField, NumberField, Section, SelectField, TextField } from './fields';
import { useItemSelection, useSelectionStore, type SelectionStore } from './selection';

export interface MaxLengths {
  title?: number;
  itemTitle?: number;
  value?: number;
  defaultValue?: number;
  imageUrl?: number;
}

type SectionId = 'page' | 'style' | 'components' | 'added';

export interface PanelProps {
  template: Template;
  selectedItems: TemplateItem[];
  fields: FieldDef[];
  locale?: Locale;
  maxLengths: MaxLengths;
  onPage: (patch: Partial<Template>, key: string) => void;
  onItem: (uuid: string, patch: Partial<TemplateItem>, key: string) => void;
  onStyle: (uuid: string, patch: Partial<ItemStyle>, key: string) => void;
  onAdd: (type: ItemKind, field?: FieldDef) => void;
  onEditColumns: (item: TemplateItem) => void;
  onSelect: (ids: string[]) => void;
  selected: string[];
  /** Upload a picture for an image item; answers the URL to print it from. Absent: URL only. */
  onUploadImage?: (file: File) => Promise<string>;
}

/** A picture file chosen for an image item goes to the host's storage; its URL becomes the item's value. */
function ImageUpload({ locale, disabled, onUpload, onUrl }: { locale?: Locale; disabled: boolean; onUpload: (file: File) => Promise<string>; onUrl: (url: string) => void }): ReactElement {
  const t = (k: MessageKey) => translate(locale, k);
  const [state, setState] = useState<'idle' | 'busy' | 'failed'>('idle');
  const [why, setWhy] = useState('');
  return (
    <div className="gq-field">
      <span>{t('uploadImage')}</span>
      <input
        type="file"
        accept="image/png,image/jpeg"
        data-testid="item-image-upload"
        disabled={disabled || state === 'busy'}
        onChange={(e) => {
          const file = e.target.files?.[0];
          e.target.value = '';
          if (!file) return;
          setState('busy');
          onUpload(file).then(
            (url) => {
              setState('idle');
              onUrl(url);
            },
            (err: unknown) => {
              setState('failed');
              setWhy(err instanceof Error ? err.message : String(err));
            },
          );
        }}
      />
      {state === 'busy' ? <output data-testid="item-image-upload-state">{t('uploading')}</output> : null}
      {state === 'failed' ? <output role="alert" data-testid="item-image-upload-state">{t('uploadFailed')}：{why}</output> : null}
    </div>
  );
}

const AddedRow = memo(function AddedRow({ item, selection, label, onSelect }: { item: TemplateItem; selection: SelectionStore; label: string; onSelect: (ids: string[]) => void }): ReactElement {
  const selected = useItemSelection(selection, item.uuid) !== 0;
  return (
    <li>
      <button type="button" className={selected ? 'gq-added gq-added-on' : 'gq-added'} data-testid="added-item" data-uuid={item.uuid} aria-pressed={selected} onClick={() => onSelect([item.uuid])}>
        <span className="gq-added-type">{label}</span> {item.title || item.value || item.uuid}
      </button>
    </li>
  );
});

/**
 * The list of added components, memoised so dragging on the canvas does not rebuild 500 rows; rows
 * read the selection themselves, so selecting re-renders only the rows that changed.
 */
const AddedList = memo(function AddedList({ items, selection, locale, onSelect }: { items: TemplateItem[]; selection: SelectionStore; locale?: Locale; onSelect: (ids: string[]) => void }): ReactElement {
  return (
    <ul className="gq-added-list" data-testid="added-list">
      {items.map((i) => (
        <AddedRow key={i.uuid} item={i} selection={selection} label={translate(locale, `type.${i.type}` as MessageKey)} onSelect={onSelect} />
      ))}
    </ul>
  );
});

function StyleControls({ item, fields, locale, maxLengths, onItem, onStyle, onEditColumns, onUploadImage }: { item: TemplateItem } & Pick<PanelProps, 'fields' | 'locale' | 'maxLengths' | 'onItem' | 'onStyle' | 'onEditColumns' | 'onUploadImage'>): ReactElement {
  const t = (k: MessageKey) => translate(locale, k);
  const u = item.uuid;
  const st = item.style;
  // isEdit false stops editing the item's text only, as in kr-print-designer (there it stops the
  // inline editing on the canvas); dragable / resizable false lock its position / size fields.
  const locked = item.isEdit === false;
  const noMove = item.dragable === false;
  const noResize = item.resizable === false;
  const off = (key: string): boolean => !hasStyle(item, key);
  const setItem = (key: keyof TemplateItem & string) => (v: string | number) => onItem(u, { [key]: v }, `${u}:${key}`);
  const setStyle = (key: keyof ItemStyle & string) => (v: ItemStyle[keyof ItemStyle]) => onStyle(u, { [key]: v }, `${u}:style.${key}`);
  const plainFields = fields.filter((f) => !f.columns);
  const listFields = fields.filter((f) => f.columns);
  const fieldOptions = [{ value: '', label: t('noField') }, ...(item.type === 'braid-table' ? listFields : plainFields).map((f) => ({ value: f.name, label: f.title }))];
  return (
    <div data-testid="style-form" data-uuid={u} data-locked={locked ? 'true' : 'false'}>
      {locked ? <p className="gq-hint" data-testid="item-locked">{t('itemLocked')}</p> : null}
      <TextField label={t('itemTitle')} testId="item-title" value={item.title} maxLength={maxLengths.itemTitle} onChange={setItem('title')} />
      <SelectField
        label={t('field')}
        testId="item-name"
        value={item.name}
        options={fieldOptions}
        onChange={(name) => {
          // Binding a text-like item to a field makes its value that field's placeholder.
          const patch: Partial<TemplateItem> = { name };
          if (name && item.type !== 'braid-table' && !locked) patch.value = `{${name}}`;
          onItem(u, patch, `${u}:name`);
        }}
      />
      {item.type !== 'braid-table' ? (
        <TextField label={t('value')} testId="item-value" value={item.value} maxLength={maxLengths.value} multiline={item.type === 'braid-html'} disabled={locked} onChange={setItem('value')} />
      ) : (
        <div className="gq-field">
          <span>{t('columns')}</span>
          <button type="button" data-testid="item-columns" onClick={() => onEditColumns(item)}>
            {(item.columns ?? []).map((c) => c.title).join(', ') || '—'}
          </button>
        </div>
      )}
      {Array.isArray(item.defaultValue) ? (
        // a table's sample rows (kr-print-designer's form): kept and printed in previews, not edited here
        <div className="gq-field">
          <span>{t('defaultValue')}</span>
          <output data-testid="item-defaultValue-rows">{item.defaultValue.length}</output>
        </div>
      ) : (
        <TextField label={t('defaultValue')} testId="item-defaultValue" value={item.defaultValue} maxLength={maxLengths.defaultValue} disabled={locked} onChange={setItem('defaultValue')} />
      )}
      {item.type === 'braid-image' && onUploadImage ? <ImageUpload locale={locale} disabled={locked} onUpload={onUploadImage} onUrl={(url) => onItem(u, { value: url }, `${u}:value`)} /> : null}
      <NumberField label={t('left')} testId="item-left" value={item.left} min={0} disabled={noMove} onChange={setItem('left')} />
      <NumberField label={t('top')} testId="item-top" value={item.top} min={0} disabled={noMove} onChange={setItem('top')} />
      <NumberField label={t('width')} testId="item-width" value={item.width} min={1} disabled={noResize} onChange={setItem('width')} />
      <NumberField label={t('height')} testId="item-height" value={item.height} min={1} disabled={noResize} onChange={setItem('height')} />
      <SelectField label={t('FontName')} testId="style-FontName" value={st.FontName ?? (off('FontName') ? undefined : '宋体')} disabled={off('FontName')} options={Object.keys(FONT_FAMILIES).map((f) => ({ value: f, label: f }))} onChange={setStyle('FontName')} />
      <NumberField label={t('FontSize')} testId="style-FontSize" value={st.FontSize} min={0} disabled={off('FontSize')} onChange={setStyle('FontSize')} />
      <ColorField label={t('FontColor')} testId="style-FontColor" value={st.FontColor} disabled={off('FontColor')} onChange={setStyle('FontColor')} />
      <ColorField label={t('BorderColor')} testId="style-BorderColor" value={st.BorderColor} disabled={off('BorderColor')} onChange={setStyle('BorderColor')} />
      <CheckField label={t('Bold')} testId="style-Bold" value={st.Bold} disabled={off('Bold')} onChange={setStyle('Bold')} />
      <CheckField label={t('Italic')} testId="style-Italic" value={st.Italic} disabled={off('Italic')} onChange={setStyle('Italic')} />
      <CheckField label={t('Underline')} testId="style-Underline" value={st.Underline} disabled={off('Underline')} onChange={setStyle('Underline')} />
      <CheckField label={t('ShowBarText')} testId="style-ShowBarText" value={st.ShowBarText} disabled={off('ShowBarText')} onChange={setStyle('ShowBarText')} />
      <SelectField label={t('Alignment')} testId="style-Alignment" value={st.Alignment} disabled={off('Alignment')} options={ALIGNMENTS.map((a) => ({ value: a, label: t(`${a}_align` as MessageKey) }))} onChange={setStyle('Alignment')} />
      <SelectField label={t('codeType')} testId="style-codeType" value={st.codeType} disabled={off('codeType')} options={BARCODE_TYPES.map((c) => ({ value: c, label: c }))} onChange={setStyle('codeType')} />
      <SelectField label={t('QRCodeErrorLevel')} testId="style-QRCodeErrorLevel" value={st.codeType === 'QRCode' ? qrLevelOf(item) : undefined} disabled={st.codeType !== 'QRCode'} options={QR_LEVELS.map((l) => ({ value: l, label: t(`qrLevel${l}`) }))} onChange={setStyle('QRCodeErrorLevel')} />
      <SelectField label={t('ItemType')} testId="style-ItemType" value={st.ItemType} disabled={off('ItemType')} options={LODOP_ITEM_TYPES.map((n) => ({ value: n, label: `${n} ${t(`itemType${n}` as MessageKey)}` }))} onChange={setStyle('ItemType')} />
      <CheckField label={t('AutoHeight')} testId="style-AutoHeight" value={st.AutoHeight} disabled={off('AutoHeight')} onChange={setStyle('AutoHeight')} />
      <NumberField label={t('BottomMargin')} testId="style-BottomMargin" value={st.BottomMargin} min={0} disabled={off('BottomMargin') || st.AutoHeight !== true} onChange={setStyle('BottomMargin')} />
      <SelectField label={t('Angle')} testId="style-Angle" value={st.Angle ?? (off('Angle') ? undefined : 0)} disabled={off('Angle')} options={[0, 90, 180, 270].map((a) => ({ value: a, label: `${a}°` }))} onChange={setStyle('Angle')} />
      <SelectField label={t('LineStyle')} testId="style-LineStyle" value={st.LineStyle} disabled={off('LineStyle')} options={[0, 1, 2, 3, 4].map((n) => ({ value: n, label: t(`lineStyle${n}` as MessageKey) }))} onChange={setStyle('LineStyle')} />
      <NumberField label={t('LineWidth')} testId="style-LineWidth" value={st.LineWidth} min={1} disabled={off('LineWidth')} onChange={setStyle('LineWidth')} />
      <NumberField label={t('zIndex')} testId="style-zIndex" value={st.zIndex} disabled={off('zIndex')} onChange={setStyle('zIndex')} />
    </div>
  );
}

export const Panel = memo(function Panel(p: PanelProps): ReactElement {
  const t = (k: MessageKey, params?: Record<string, string | number>) => translate(p.locale, k, params);
  const [open, setOpen] = useState<Record<SectionId, boolean>>({ page: true, style: true, components: true, added: true });
  const toggle = (id: SectionId) => () => setOpen((o) => ({ ...o, [id]: !o[id] }));
  const tpl = p.template;
  const page = (key: 'width' | 'height' | 'pageWidth' | 'pageHeight') => (v: number) => p.onPage({ [key]: v }, `page:${key}`);
  const single = p.selectedItems.length === 1 ? p.selectedItems[0] : undefined;
  const selection = useSelectionStore(p.selected);
  return (
    <>
      <Section id="page" title={t('pageParams')} open={open.page} onToggle={toggle('page')}>
        <TextField label={t('templateTitle')} testId="page-title" value={tpl.title} maxLength={p.maxLengths.title} onChange={(v) => p.onPage({ title: v }, 'page:title')} />
        <NumberField label={t('width')} testId="page-width" value={tpl.width} min={0} onChange={page('width')} />
        <NumberField label={t('height')} testId="page-height" value={tpl.height} min={0} onChange={page('height')} />
        <NumberField label={t('pageWidth')} testId="page-pageWidth" value={tpl.pageWidth} min={0} step={0.1} onChange={page('pageWidth')} />
        <NumberField label={t('pageHeight')} testId="page-pageHeight" value={tpl.pageHeight} min={0} step={0.1} onChange={page('pageHeight')} />
        <TextField label={t('imageUrl')} testId="page-imageUrl" value={tpl.imageUrl} maxLength={p.maxLengths.imageUrl} onChange={(v) => p.onPage({ imageUrl: v }, 'page:imageUrl')} />
        <CheckField
          label={t('sheetLayout')}
          testId="page-sheet"
          value={tpl.sheet !== undefined}
          // A4 with 3 × 8 cells is the common label sheet; the user then sets the label size and gaps
          onChange={(on) => p.onPage({ sheet: on ? { paperWidth: 210, paperHeight: 297, columns: 3, rows: 8, marginLeft: 0, marginTop: 0, gapX: 0, gapY: 0 } : undefined }, 'page:sheet')}
        />
        {tpl.sheet
          ? (['columns', 'rows', 'paperWidth', 'paperHeight', 'marginLeft', 'marginTop', 'gapX', 'gapY'] as const).map((key) => (
              <NumberField
                key={key}
                label={t(key === 'columns' ? 'sheetColumns' : key === 'rows' ? 'sheetRows' : key)}
                testId={`sheet-${key}`}
                value={tpl.sheet?.[key]}
                min={key === 'columns' || key === 'rows' ? 1 : 0}
                step={key === 'columns' || key === 'rows' ? 1 : 0.1}
                onChange={(v) => p.onPage({ sheet: { ...tpl.sheet!, [key]: key === 'columns' || key === 'rows' ? Math.max(1, Math.floor(v)) : v } }, `page:sheet:${key}`)}
              />
            ))
          : null}
      </Section>
      <Section id="style" title={t('itemStyle')} open={open.style} onToggle={toggle('style')}>
        {single ? (
          <StyleControls item={single} fields={p.fields} locale={p.locale} maxLengths={p.maxLengths} onItem={p.onItem} onStyle={p.onStyle} onEditColumns={p.onEditColumns} {...(p.onUploadImage ? { onUploadImage: p.onUploadImage } : {})} />
        ) : (
          <p className="gq-hint" data-testid="style-empty">{p.selectedItems.length ? t('manySelected', { n: p.selectedItems.length }) : t('nothingSelected')}</p>
        )}
      </Section>
      <Section id="components" title={t('components')} open={open.components} onToggle={toggle('components')}>
        <div className="gq-add-grid">
          {ITEM_TYPES.map((type) => (
            <button key={type} type="button" data-testid={`add-${type}`} onClick={() => p.onAdd(type)}>
              {t(`type.${type}` as MessageKey)}
            </button>
          ))}
          {p.fields.filter((f) => !f.columns).map((f) => (
            <button key={f.name} type="button" className="gq-add-field" data-testid={`add-field-${f.name}`} onClick={() => p.onAdd('braid-txt', f)}>
              {f.title}
            </button>
          ))}
        </div>
      </Section>
      <Section id="added" title={`${t('addedComponents')} (${tpl.tempItems.length})`} open={open.added} onToggle={toggle('added')}>
        <AddedList items={tpl.tempItems} selection={selection} locale={p.locale} onSelect={p.onSelect} />
      </Section>
    </>
  );
});
