import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';

// Boundaries. A web feature (one per server module, same name) uses another feature only through its
// index.ts (one regex per folder depth, since the rule sees the import as written); a feature's
// subfolders (orders/centre) are the feature's own. Route tables in src/portals import pages
// directly for code splitting.
const otherFeatureInside = (depth) => ({
  regex: `^${'\\.\\./'.repeat(depth)}[^./][^/]*/.+`,
  message: 'Import another web feature through its index.ts (features/<name>), not its files.',
});
const featureDepths = [1, 2, 3, 4];
// A feature takes what it needs from lib/, components/, session/ or as props: app/, layout/ and portals/
// compose features, not the other way round (docs/architecture.md).
const shellFromFeature = { regex: '^(\\.\\./)+(app|layout|portals)(/|$)', message: 'A feature imports no app/, layout/ or portals/: take it from lib/ or session/, or as a prop (the app composes features).' };
// no-restricted-imports sees static imports only: the same boundaries for import() (a lazily loaded part).
const shellImportedLazily = { selector: 'ImportExpression[source.value=/^(\\.\\.\\/)+(app|layout|portals)(\\/|$)/]', message: shellFromFeature.message };
// The shell (src/layout) uses a feature through its index.ts only; src/app composes features from their index or pages/.
const featureFromShell = { regex: '^(\\.\\./)+features/[^/]+/.+', message: 'The shell (layout/) uses a feature through its index.ts only (features/<name>), never its files.' };
const featureFromApp = { regex: '^(\\.\\./)+features/[^/]+/(?!pages/).+', message: 'app/ composes a feature from its index.ts or its pages/, never its other files.' };
// Every write goes through lib/useWrite.ts: one pending-and-no-repeat rule for every button that writes.
const writesThroughUseWrite = { name: '@tanstack/react-query', importNames: ['useMutation'], message: 'Write with useWrite (src/lib/useWrite.ts): it holds a repeated press and carries the request key.' };
// Code is split through lib/lazyRetry.ts: a chunk that did not load is tried again, then the page offers 刷新.
const lazyThroughRetry = { name: 'react', importNames: ['lazy'], message: 'Split code with lazyRetry (src/lib/lazyRetry.ts): a chunk that fails to load is retried, then 刷新 is offered.' };
const sharedCodeInside = { regex: '^(\\.\\./)+(features|portals|pages|layout|app)(/|$)', message: 'Shared web code (lib, components, session) imports no feature, portal, page or shell.' };
// The shell loads a feature lazily through its index too (a loader the index exports), never a file of it.
const featureFileImportedLazily = { selector: 'ImportExpression[source.value=/^(\\.\\.\\/)+features\\/[^/]+\\/.+/]', message: 'The shell (layout/) loads a feature through its index.ts only (export a loader there), never its files.' };
const sharedCodeImportedLazily = { selector: 'ImportExpression[source.value=/^(\\.\\.\\/)+(features|portals|pages|layout|app)(\\/|$)/]', message: sharedCodeInside.message };
const appsPattern = { regex: '(^|/)apps/|^@gemqc/(server|web)$', message: 'Packages import nothing of the apps.' };
// A stored time shown in the browser's zone (every time people read is China time, lib/chinaTime.ts).
const chinaTimeRules = [
  {
    selector: "CallExpression[callee.property.name='format'][callee.object.type='CallExpression'][callee.object.callee.name='dayjs'][callee.object.arguments.length>0]",
    message: "A stored time shows in the browser's zone: format it with inChina(t).format(...) from lib/chinaTime.",
  },
  { selector: "CallExpression[callee.property.name=/^toLocale(Date|Time)?String$/][callee.object.type='NewExpression']", message: 'Use chinaDateTime / inChina(t).format(...): every time on screen is China time.' },
];
// An antd <Table> outside components/ResponsiveTable (the list would not turn into cards on a phone).
const listRule = { selector: "JSXOpeningElement[name.name='Table']", message: 'Use components/ResponsiveTable (cards below 992 px) instead of antd Table.' };

export default tseslint.config(
  { ignores: ['**/dist/**', '**/node_modules/**', 'data/**', '**/*.d.ts', 'test-results/**', 'bench/out/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node, ...globals.browser } },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/no-explicit-any': 'error',
    },
  },
  {
    files: ['apps/web/**/*.{ts,tsx}', 'packages/label-designer/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    rules: { 'react-hooks/rules-of-hooks': 'error', 'react-hooks/exhaustive-deps': 'warn' },
  },
  {
    // Every time people read is China time, whatever the browser's zone (lib/chinaTime.ts).
    files: ['packages/label-designer/src/**/*.{ts,tsx}'],
    ignores: ['**/*.test.{ts,tsx}'],
    rules: { 'no-restricted-syntax': ['error', ...chinaTimeRules] },
  },
  {
    // The web app: China time as above, and every list is a ResponsiveTable (cards below 992 px,
    // so each row's actions stay reachable on a phone).
    files: ['apps/web/src/**/*.{ts,tsx}'],
    ignores: ['**/*.test.{ts,tsx}'],
    rules: { 'no-restricted-syntax': ['error', ...chinaTimeRules, listRule] },
  },
  {
    // A feature or shared code (lib, components, session) loads no shell or feature code lazily either.
    files: ['apps/web/src/features/**/*.{ts,tsx}'],
    ignores: ['**/*.test.{ts,tsx}'],
    rules: { 'no-restricted-syntax': ['error', ...chinaTimeRules, listRule, shellImportedLazily] },
  },
  {
    files: ['apps/web/src/features/**/*.test.{ts,tsx}'],
    rules: { 'no-restricted-syntax': ['error', shellImportedLazily] },
  },
  {
    files: ['apps/web/src/lib/**/*.{ts,tsx}', 'apps/web/src/components/**/*.{ts,tsx}', 'apps/web/src/session/**/*.{ts,tsx}'],
    ignores: ['**/*.test.{ts,tsx}', 'apps/web/src/components/ResponsiveTable.tsx'],
    rules: { 'no-restricted-syntax': ['error', ...chinaTimeRules, listRule, sharedCodeImportedLazily] },
  },
  {
    files: ['apps/web/src/lib/**/*.test.{ts,tsx}', 'apps/web/src/components/**/*.test.{ts,tsx}', 'apps/web/src/session/**/*.test.{ts,tsx}'],
    rules: { 'no-restricted-syntax': ['error', sharedCodeImportedLazily] },
  },
  {
    files: ['apps/web/src/layout/**/*.{ts,tsx}'],
    ignores: ['**/*.test.{ts,tsx}'],
    rules: { 'no-restricted-syntax': ['error', ...chinaTimeRules, listRule, featureFileImportedLazily] },
  },
  {
    files: ['apps/web/src/layout/**/*.test.{ts,tsx}'],
    rules: { 'no-restricted-syntax': ['error', featureFileImportedLazily] },
  },
  {
    // ResponsiveTable is the one place that renders antd's Table.
    files: ['apps/web/src/components/ResponsiveTable.tsx'],
    rules: { 'no-restricted-syntax': ['error', ...chinaTimeRules, sharedCodeImportedLazily] },
  },
  {
    // A server module calls another module's service, never its repo (SQL stays with its owner).
    files: ['apps/server/src/modules/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['../*/repo', '../*/**/repo', '../*/**/*.repo', '../../*/repo', '../../*/**/repo', '../../*/**/*.repo'],
              message: "Another module's repo: call that module's service instead (docs/architecture.md, boundaries).",
            },
          ],
        },
      ],
    },
  },
  {
    files: ['apps/web/src/**/*.{ts,tsx}'],
    rules: { 'no-restricted-imports': ['error', { paths: [writesThroughUseWrite, lazyThroughRetry] }] },
  },
  {
    // Server plugins (the app's wiring) reach a module through its service, as modules do each other.
    files: ['apps/server/src/plugins/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        { patterns: [{ group: ['../modules/**/repo', '../modules/**/*.repo', '../../modules/**/repo', '../../modules/**/*.repo'], message: "A module's repo: call that module's service (SQL stays with its owner)." }] },
      ],
    },
  },
  // server module layering (engineer S)
  ...featureDepths.map((depth) => ({
    files: [`apps/web/src/features/${'*/'.repeat(depth)}*.{ts,tsx}`],
    rules: { 'no-restricted-imports': ['error', { paths: [writesThroughUseWrite, lazyThroughRetry], patterns: [otherFeatureInside(depth), shellFromFeature] }] },
  })),
  {
    files: ['apps/web/src/layout/**/*.{ts,tsx}'],
    rules: { 'no-restricted-imports': ['error', { paths: [writesThroughUseWrite, lazyThroughRetry], patterns: [featureFromShell] }] },
  },
  {
    files: ['apps/web/src/app/**/*.{ts,tsx}'],
    ignores: ['apps/web/src/app/pages.tsx'],
    rules: { 'no-restricted-imports': ['error', { paths: [writesThroughUseWrite, lazyThroughRetry], patterns: [featureFromApp] }] },
  },
  {
    // src/lib, src/components and src/session (who is signed in, their permissions, the login paths) are
    // what features share: they import no feature, portal, page or shell.
    files: ['apps/web/src/lib/**/*.{ts,tsx}', 'apps/web/src/components/**/*.{ts,tsx}', 'apps/web/src/session/**/*.{ts,tsx}'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          paths: [writesThroughUseWrite, lazyThroughRetry],
          patterns: [sharedCodeInside],
        },
      ],
    },
  },
  {
    files: ['apps/web/src/lib/useWrite.ts', 'apps/web/src/lib/lazyRetry.ts'],
    rules: { 'no-restricted-imports': ['error', { patterns: [sharedCodeInside] }] },
  },
  {
    // the page cache: retryImport, and a failed page forgotten so the next visit loads it afresh
    files: ['apps/web/src/app/pages.tsx'],
    rules: { 'no-restricted-imports': ['error', { paths: [writesThroughUseWrite] }] },
  },
  {
    files: ['packages/**/*.{ts,tsx}'],
    rules: { 'no-restricted-imports': ['error', { patterns: [appsPattern] }] },
  },
);
