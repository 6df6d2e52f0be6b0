/**
 * Import cycles and the server's bottom module, checked by `npm run lint` (dependency-cruiser;
 * docs/architecture.md, lint).
 * Type-only imports count too: a cycle through types still ties two modules' reasons to change.
 */
module.exports = {
  forbidden: [
    {
      name: 'no-circular',
      severity: 'error',
      comment: 'Two files that import each other (directly or around a ring): move the shared piece down, or pass it in.',
      from: {},
      to: { circular: true },
    },
    {
      name: 'orders-at-the-bottom',
      severity: 'error',
      comment:
        'orders is the bottom module: every other module may call it, it calls none of them (docs/architecture.md, the server). Move the piece down into orders or platform/, or compose above orders.',
      from: { path: '^apps/server/src/modules/orders/', pathNot: '(\\.test\\.ts|testkit\\.ts)$' },
      to: { path: '^apps/server/src/modules/(?!orders/)' },
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    exclude: { path: '(^|/)(node_modules|dist)/' },
    tsPreCompilationDeps: true,
    enhancedResolveOptions: { extensions: ['.ts', '.tsx', '.js', '.mjs', '.json'], conditionNames: ['import', 'types', 'default'] },
    cache: false,
  },
};
