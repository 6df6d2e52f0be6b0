export * from './types';
export * from './defaults';
export * from './parse';
export * from './binding';
