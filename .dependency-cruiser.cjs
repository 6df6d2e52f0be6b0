/**
 * Import cycles, checked by `npm run lint` (dependency-cruiser; docs/architecture.md, lint).
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
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    exclude: { path: '(^|/)(node_modules|dist)/' },
    tsPreCompilationDeps: true,
    enhancedResolveOptions: { extensions: ['.ts', '.tsx', '.js', '.mjs', '.json'], conditionNames: ['import', 'types', 'default'] },
    cache: false,
  },
};
