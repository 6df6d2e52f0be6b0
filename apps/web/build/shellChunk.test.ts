import { describe, expect, it } from 'vitest';
import { shellModules } from './shellChunk';

const chunk = (fileName: string, moduleIds: string[], imports: string[] = [], facadeModuleId: string | null = null, isEntry = false) => ({
  type: 'chunk' as const,
  fileName,
  moduleIds,
  imports,
  facadeModuleId,
  isEntry,
});

describe('the shell chunk', () => {
  it('takes what the layout and the first page load, less what the entry and login pages load; what public pages share is common', () => {
    const chunks = [
      chunk('index.js', ['/app/src/main.tsx'], ['react.js'], '/app/src/main.tsx', true),
      chunk('Login.js', ['/app/src/features/auth/pages/LoginPage.tsx'], ['react.js', 'i18n.js'], '/app/src/features/auth/pages/LoginPage.tsx'),
      chunk('i18n.js', ['/nm/i18next/index.js']),
      chunk('react.js', ['/nm/react/index.js']),
      chunk('Layout.js', ['/app/src/layout/Layout.tsx'], ['core.js', 'menu.js', 'react.js', 'i18n.js'], '/app/src/layout/Layout.tsx'),
      chunk('List.js', ['/app/src/features/orders/pages/OrderListPage.tsx'], ['core.js', 'table.js'], '/app/src/features/orders/pages/OrderListPage.tsx'),
      chunk('Verify.js', ['/app/src/features/verify/pages/VerifyPage.tsx'], ['core.js'], '/app/src/features/verify/pages/VerifyPage.tsx'),
      chunk('core.js', ['/nm/antd/es/config-provider/index.js']),
      chunk('menu.js', ['/nm/antd/es/menu/index.js']),
      chunk('table.js', ['/nm/antd/es/table/index.js']),
      chunk('Other.js', ['/app/src/features/other/pages/OtherPage.tsx'], ['upload.js'], '/app/src/features/other/pages/OtherPage.tsx'),
      chunk('upload.js', ['/nm/antd/es/upload/index.js']),
    ];
    const { shell, common } = shellModules(chunks, {
      roots: ['src/layout/Layout.tsx', 'src/features/orders/pages/OrderListPage.tsx'],
      publicPages: /features\/(verify|auth)\/pages/,
      loginPages: /features\/auth\/pages/,
    });
    expect([...common]).toEqual(['/nm/antd/es/config-provider/index.js']);
    expect([...shell].sort()).toEqual([
      '/app/src/features/orders/pages/OrderListPage.tsx',
      '/app/src/layout/Layout.tsx',
      '/nm/antd/es/menu/index.js',
      '/nm/antd/es/table/index.js',
    ]);
  });

  it('refuses to guess when a root has no chunk of its own', () => {
    expect(() => shellModules([chunk('index.js', ['/a.ts'], [], '/a.ts', true)], { roots: ['src/layout/Layout.tsx'], publicPages: /x/, loginPages: /x/ })).toThrow(/root chunks/);
  });
});
