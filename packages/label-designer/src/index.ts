export * from './model';
export * from './lodop';
export * from './i18n';
export * from './render';
export * from './designer';
