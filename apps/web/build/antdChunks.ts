import { fileURLToPath } from 'node:url';
import type { Plugin } from 'vite';

/**
 * Import rewrites inside antd that keep rarely used code off the pages that do not use it.
 *
 * A bundler places modules in chunks by which modules import them, not by which of their exports
 * are used. A few antd modules import a big module for one small helper, so every page showing a
 * Tag, a Button or a table with row selection loaded code only other pages (or no page) need:
 * - tag and button styles take `isBright` from the ColorPicker's preset panel (which imports
 *   antd's Collapse): they get the same function from a module of its own;
 * - table selection takes four helpers from @rc-component/tree's index (which imports the Tree):
 *   they come from the helper modules themselves;
 * - tooltips (colour helpers) take the colour class from @rc-component/color-picker's index, which
 *   imports the whole picker: they take it from its own module;
 * - the table's column filter dropdown (antd Tree, Menu, Radio) is loaded when a column with
 *   filters is first rendered;
 * - form validation (async-validator) loads when a field is first validated (validation is
 *   asynchronous already; a form without rules, like a filter bar, never loads it);
 * - table row selection by radio (antd Radio) and the virtual table body load when a table
 *   first uses them; row selection takes the plain Checkbox (not the index with Checkbox.Group);
 * - Tag.CheckableTag and Tag.CheckableTagGroup load when first rendered;
 * - a form's scroll to a field (scroll-into-view-if-needed) loads when a form first scrolls;
 * - the App component's modal and notification hooks (Modal, Skeleton, notification styles) are
 *   loaded when the first confirm dialog or notification opens (App.useApp() is unchanged).
 * Behaviour and look are unchanged. Each rewrite must find its import: an antd upgrade that
 * changes one fails the build here rather than silently undoing the split.
 */
const shim = (name: string) => fileURLToPath(new URL(`./antd-shims/${name}`, import.meta.url)).replaceAll('\\', '/');

interface Rewrite {
  /** The end of the module id (path inside node_modules). */
  file: string;
  from: string;
  to: string;
}

export const ANTD_REWRITES: Rewrite[] = [
  {
    file: 'antd/es/tag/style/index.js',
    from: "import { isBright } from '../../color-picker/components/ColorPresets';",
    to: `import { isBright } from '${shim('isBright.js')}';`,
  },
  {
    file: 'antd/es/button/style/token.js',
    from: "import { isBright } from '../../color-picker/components/ColorPresets';",
    to: `import { isBright } from '${shim('isBright.js')}';`,
  },
  {
    file: 'antd/es/table/hooks/useSelection.js',
    from: "import { arrAdd, arrDel, conductCheck, convertDataToEntities } from '@rc-component/tree';",
    to: `import { arrAdd, arrDel, conductCheck, convertDataToEntities } from '${shim('rcTreeUtils.js')}';`,
  },
  {
    file: 'antd/es/table/hooks/useFilter/index.js',
    from: "import FilterDropdown, { flattenKeys } from './FilterDropdown';",
    to: `import FilterDropdown, { flattenKeys } from '${shim('LazyFilterDropdown.js')}';`,
  },
  {
    file: 'antd/es/table/hooks/useSelection.js',
    from: "import Radio from '../../radio';",
    to: `import Radio from '${shim('LazyRadio.js')}';`,
  },
  {
    file: 'antd/es/table/hooks/useSelection.js',
    from: "import Checkbox from '../../checkbox';",
    to: "import Checkbox from '../../checkbox/Checkbox';",
  },
  {
    file: 'antd/es/tag/index.js',
    from: "import CheckableTag from './CheckableTag';",
    to: `import { CheckableTag } from '${shim('LazyCheckableTag.js')}';`,
  },
  {
    file: 'antd/es/tag/index.js',
    from: "import CheckableTagGroup from './CheckableTagGroup';",
    to: `import { CheckableTagGroup } from '${shim('LazyCheckableTag.js')}';`,
  },
  {
    file: 'antd/es/form/hooks/useForm.js',
    from: "import scrollIntoView from 'scroll-into-view-if-needed';",
    to: `import scrollIntoView from '${shim('lazyScrollIntoView.js')}';`,
  },
  {
    file: 'antd/es/table/InternalTable.js',
    from: "import RcVirtualTable from './RcTable/VirtualTable';",
    to: `import RcVirtualTable from '${shim('LazyVirtualTable.js')}';`,
  },
  {
    file: 'antd/es/color-picker/util.js',
    from: "import { Color as RcColor } from '@rc-component/color-picker';",
    to: "import { Color as RcColor } from '@rc-component/color-picker/es/color';",
  },
  {
    file: 'antd/es/color-picker/color.js',
    from: "import { Color as RcColor } from '@rc-component/color-picker';",
    to: "import { Color as RcColor } from '@rc-component/color-picker/es/color';",
  },
  {
    file: 'antd/es/app/App.js',
    from: "import useModal from '../modal/useModal';",
    to: `import useModal from '${shim('lazyUseModal.js')}';`,
  },
  {
    file: 'antd/es/app/App.js',
    from: "import useNotification from '../notification/useNotification';",
    to: `import useNotification from '${shim('lazyUseNotification.js')}';`,
  },
  {
    file: '@rc-component/form/es/utils/validateUtil.js',
    from: "import RawAsyncValidator from '@rc-component/async-validator';",
    to: '',
  },
  {
    file: '@rc-component/form/es/utils/validateUtil.js',
    from: 'const AsyncValidator = RawAsyncValidator;',
    to: 'let AsyncValidator;',
  },
  {
    file: '@rc-component/form/es/utils/validateUtil.js',
    from: 'async function validateRule(name, value, rule, options, messageVariables) {',
    to: "async function validateRule(name, value, rule, options, messageVariables) {\n  AsyncValidator ??= (await import('@rc-component/async-validator')).default;",
  },
];

export function antdChunks(): Plugin {
  return {
    name: 'gemqc:antd-chunks',
    apply: 'build',
    transform(code, id) {
      const path = id.replaceAll('\\', '/').split('?')[0]!;
      const rewrites = ANTD_REWRITES.filter((r) => path.endsWith(`/node_modules/${r.file}`));
      if (!rewrites.length) return null;
      let out = code;
      for (const r of rewrites) {
        if (!out.includes(r.from)) this.error(`antd-chunks: ${r.file} no longer has \`${r.from}\` (antd upgraded?)`);
        out = out.replace(r.from, r.to);
      }
      return { code: out, map: null };
    },
  };
}
