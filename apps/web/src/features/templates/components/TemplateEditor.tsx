import { Suspense, useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { lazyRetry } from '../../../lib/lazyRetry';
import { App, Alert, Button, Input, Result, Space, Spin, Tag, Tooltip } from 'antd';
import { useNavigate } from 'react-router';
import { TEMPLATE_VERSION_CONFLICT, templatesApi, type TemplateDetail, type TemplateImageUploadData, type TemplateNamespace } from '@gemqc/contract';
import { safeParseTemplate, type LodopStatus, type Template } from '@gemqc/label-designer';
import { ApiError, showErrorOnce } from '../../../lib/request';
import { packageLocale, printService, toLicence, usePrintLicense } from '../../printers';
import { useHasPermission } from '../../../session/permissions';
import { useSaveTemplate, useSetDefaultTemplate, useTemplateDetail, useTemplateFields, useTemplateSample } from '../api';
import { useTt } from '../i18n';
import { templatePaths } from '../paths';
import { clearDraft, readDraft, writeDraft, type TemplateDraft } from '../draft';
import { sendRawFile } from '../../../lib/upload';
import { FieldList } from './FieldList';
import { PrintFallbackModal } from './PrintFallbackModal';
import { useImageWarnings } from './ImageWarnings';
import { chinaDateTime } from '../../../lib/chinaTime';
import { useLocalisedFields } from '../fieldTitles';

// The designer (canvas, panel, barcode engine) loads only when a template is opened.
/** The PDF's Chinese font files: their address map loads with the PDF, not with the editor. */
const pdfFonts = () => import('../pdfFonts').then((m) => m.pdfFonts);
/** The picture links of a template (background, image items): the save stores those on another host. */
function imageLinks(t: { imageUrl?: unknown; tempItems?: unknown }): string {
  const items = Array.isArray(t.tempItems) ? (t.tempItems as { type?: unknown; value?: unknown; defaultValue?: unknown }[]) : [];
  return JSON.stringify([t.imageUrl, ...items.filter((i) => i.type === 'braid-image').flatMap((i) => [i.value, i.defaultValue])]);
}

const LabelDesigner = lazyRetry(() => import('@gemqc/label-designer').then((m) => ({ default: m.LabelDesigner })));

interface Session {
  template: Template;
  version: number;
}

function sessionOf(d: TemplateDetail): Session | { error: string } {
  const r = safeParseTemplate(d.template);
  return r.ok ? { template: r.template, version: d.version } : { error: r.issues.join('; ') };
}

/** The designer for one saved template: save with the loaded version, preview, test print with sample data. */
export function TemplateEditor({ ns, id, configBase }: { ns: TemplateNamespace; id: string; configBase: string }) {
  const t = useTt();
  const { message, modal } = App.useApp();
  const showImageWarnings = useImageWarnings();
  const navigate = useNavigate();
  const detail = useTemplateDetail(ns, id);
  const kind = detail.data?.kind ?? null;
  const fields = useTemplateFields(ns, kind);
  const fieldList = useLocalisedFields(fields.data?.fields);
  const sample = useTemplateSample(ns, kind);
  const licence = usePrintLicense(ns);
  const save = useSaveTemplate(ns);
  // A picture for an image item goes into the app's file storage; the item keeps its absolute link,
  // which C-Lodop on this PC loads by itself.
  const uploadImage = useCallback(
    async (file: File) => {
      const res = await sendRawFile<TemplateImageUploadData>(templatesApi[ns].imageUpload.path, {}, file, file.type, () => {}, t('imageUploadFailed'));
      return new URL(`/api${res.url}`, window.location.origin).href;
    },
    [ns, t],
  );
  const setDefault = useSetDefaultTemplate(ns);
  const canManage = useHasPermission('template.manage');

  const [session, setSession] = useState<Session | { error: string } | null>(null);
  const [name, setName] = useState('');
  const [dirty, setDirty] = useState(false);
  const [isDefault, setIsDefault] = useState(false);
  const [fallback, setFallback] = useState<{ template: Template; status: LodopStatus } | null>(null);
  const [printing, setPrinting] = useState(false);
  const current = useRef<Template | null>(null);
  const [draft, setDraft] = useState<TemplateDraft | null>(null);
  const draftTimer = useRef<number | undefined>(undefined);

  // Load once (and again after a conflict reload); later cache updates never reset the canvas.
  useEffect(() => {
    if (session || !detail.data) return;
    const s = sessionOf(detail.data);
    setSession(s);
    setName(detail.data.name);
    setIsDefault(detail.data.is_default);
    if ('template' in s) current.current = s.template;
    setDraft(readDraft(configBase, id));
  }, [detail.data, session, configBase, id]);

  // Unsaved edits go to a browser draft (debounced), so leaving through the menu loses nothing.
  const keepDraft = useCallback(
    (template: Template | null, draftName: string) => {
      if (!template || !session || !('template' in session)) return;
      window.clearTimeout(draftTimer.current);
      draftTimer.current = window.setTimeout(() => writeDraft(configBase, id, { template, name: draftName, baseVersion: session.version, at: Date.now() }), 400);
    },
    [configBase, id, session],
  );
  useEffect(() => () => window.clearTimeout(draftTimer.current), []);
  const dropDraft = useCallback(() => {
    window.clearTimeout(draftTimer.current);
    clearDraft(configBase, id);
    setDraft(null);
  }, [configBase, id]);
  const restoreDraft = () => {
    if (!draft || !session || !('template' in session)) return;
    setSession({ template: draft.template, version: session.version });
    current.current = draft.template;
    setName(draft.name);
    setDirty(true);
    setDraft(null);
  };

  useEffect(() => {
    if (!dirty) return;
    const onUnload = (e: BeforeUnloadEvent) => e.preventDefault();
    window.addEventListener('beforeunload', onUnload);
    return () => window.removeEventListener('beforeunload', onUnload);
  }, [dirty]);

  const reload = useCallback(async () => {
    const r = await detail.refetch();
    if (r.data) {
      setSession(sessionOf(r.data));
      setName(r.data.name);
      setIsDefault(r.data.is_default);
      setDirty(false);
      dropDraft();
    }
  }, [detail, dropDraft]);

  const doSave = useCallback(
    (template: Template) => {
      if (!session || !('template' in session) || !detail.data) return;
      current.current = template;
      save.mutate(
        { id, version: session.version, name, kind: detail.data.kind, template },
        {
          onSuccess: (saved) => {
            // pictures on another host were stored with it: edit on with the template naming the stored copies
            const parsed = imageLinks(saved.template) !== imageLinks(template) ? safeParseTemplate(saved.template) : null;
            if (parsed?.ok) current.current = parsed.template;
            setSession({ template: parsed?.ok ? parsed.template : session.template, version: saved.version });
            if (saved.image_warnings?.length) showImageWarnings(saved.image_warnings);
            setDirty(false);
            dropDraft();
            void message.success(t('saved', { version: saved.version }));
          },
          onError: (e) => {
            if (e instanceof ApiError && e.code === 1001 && e.message === TEMPLATE_VERSION_CONFLICT) {
              modal.confirm({
                title: t('conflictTitle'),
                content: `${e.message}。${t('conflictHint')}`,
                okText: t('conflictReload'),
                cancelText: t('conflictKeep'),
                onOk: () => reload(),
              });
            } else showErrorOnce(e);
          },
        },
      );
    },
    [session, detail.data, save, id, name, message, modal, t, reload, dropDraft, showImageWarnings],
  );

  const onChange = useCallback(
    (tpl: Template) => {
      current.current = tpl;
      setDirty(true);
      keepDraft(tpl, name);
    },
    [keepDraft, name],
  );

  const testPrint = async () => {
    const tpl = current.current;
    if (!tpl) return;
    const row = sample.data?.row ?? {};
    setPrinting(true);
    try {
      const r = await printService(toLicence(licence.data), 'base_printer').print(tpl, row);
      if (r.ok) void message.success(t('sentToPrinter'));
      else setFallback({ template: tpl, status: r.status });
    } catch (e) {
      void message.error(t('printFailed', { msg: e instanceof Error ? e.message : String(e) }));
    } finally {
      setPrinting(false);
    }
  };

  const back = () => {
    const leave = () => navigate(templatePaths.list(configBase));
    if (!dirty) return leave();
    modal.confirm({
      title: t('unsaved'),
      content: t('leaveConfirm'),
      okText: t('confirm'),
      cancelText: t('cancel'),
      onOk: () => {
        dropDraft(); // leaving on purpose through 返回列表 discards the edits
        leave();
      },
    });
  };

  const licenceForDesigner = useMemo(() => toLicence(licence.data), [licence.data]);

  if (detail.isError) {
    return (
      <Result
        status="404"
        title={detail.error instanceof ApiError ? detail.error.message : t('notFound')}
        extra={<Button onClick={() => navigate(templatePaths.list(configBase))}>{t('back')}</Button>}
      />
    );
  }
  if (!detail.data || !session) return <Spin className="tpl-loading" />;
  if ('error' in session) return <Alert type="error" showIcon title={session.error} />;

  return (
    <div className="tpl-editor" data-testid="template-editor">
      <div className="tpl-editor-bar">
        <Space wrap>
          <Button onClick={back}>{t('back')}</Button>
          <Input
            className="tpl-name-input"
            value={name}
            maxLength={50}
            onChange={(e) => {
              setName(e.target.value);
              setDirty(true);
              keepDraft(current.current, e.target.value);
            }}
            data-testid="template-name-input"
          />
          <Tag>{t(`kind.${detail.data.kind}`)}</Tag>
          {isDefault ? (
            <Tag color="blue">{t('defaultTag')}</Tag>
          ) : (
            <Button
              size="small"
              disabled={!canManage}
              loading={setDefault.isPending}
              onClick={() =>
                setDefault.mutate(id, {
                  onSuccess: () => {
                    setIsDefault(true);
                    void message.success(t('defaultSet'));
                  },
                  onError: (e) => showErrorOnce(e),
                })
              }
            >
              {t('setDefault')}
            </Button>
          )}
          <span className="tpl-version">
            {t('version')} {session.version}
          </span>
          {dirty && <Tag color="orange">{t('unsaved')}</Tag>}
        </Space>
        <Space wrap>
          <Tooltip title={t('testPrintHint')}>
            <Button onClick={() => void testPrint()} loading={printing} data-testid="template-test-print">
              {t('testPrint')}
            </Button>
          </Tooltip>
        </Space>
      </div>
      {draft && (
        <Alert
          type="warning"
          showIcon
          data-testid="template-draft"
          style={{ marginBottom: 8 }}
          title={t('draftFound', { time: chinaDateTime(draft.at) })}
          description={draft.baseVersion !== ('version' in session ? session.version : draft.baseVersion) ? t('draftOutdated', { version: draft.baseVersion }) : undefined}
          action={
            <Space>
              <Button size="small" type="primary" onClick={restoreDraft} data-testid="template-draft-restore">
                {t('draftRestore')}
              </Button>
              <Button size="small" onClick={dropDraft}>
                {t('draftDiscard')}
              </Button>
            </Space>
          }
        />
      )}
      <div className="tpl-designer-host">
        <Suspense fallback={<Spin tip={t('loadingDesigner')} className="tpl-loading" />}>
          <LabelDesigner
            template={session.template}
            onUploadImage={canManage ? uploadImage : undefined}
            fields={fieldList}
            onSave={doSave}
            canSave={canManage && !save.isPending}
            onChange={onChange}
            licence={licenceForDesigner}
            deviceKind="base_printer"
            sampleRow={sample.data?.row}
            locale={packageLocale()}
            maxLengths={{ title: 100 }}
            pdfFonts={pdfFonts}
          />
        </Suspense>
      </div>
      <FieldList fields={fieldList} sample={sample.data?.row} />
      {fallback && <PrintFallbackModal template={fallback.template} row={sample.data?.row ?? {}} status={fallback.status} onClose={() => setFallback(null)} />}
    </div>
  );
}
