export * from './types';
export * from './defaults';
export * from './parse';
export * from './binding';
export * from './normalize';
export * from './sanitize';
export * from './barcode-rules';
export * from './kr';
