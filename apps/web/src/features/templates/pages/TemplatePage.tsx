import { useSearchParams } from 'react-router';
import { usePortalConfig } from '../../printers';
import { TemplateEditor } from '../components/TemplateEditor';
import { TemplateList } from '../components/TemplateList';
import '../templates.css';

/**
 * 标签模板 (/QIconfig/template, /baseConfig/template): the list, or the designer for `?edit=<id>`.
 * One route keeps the menu, breadcrumb and tags view as they are while editing.
 */
export default function TemplatePage() {
  const [sp] = useSearchParams();
  const { ns, configBase } = usePortalConfig();
  const editId = sp.get('edit');
  if (editId && /^\d{1,18}$/.test(editId)) return <TemplateEditor key={`${ns}:${editId}`} ns={ns} id={editId} configBase={configBase} />;
  return <TemplateList ns={ns} configBase={configBase} />;
}
