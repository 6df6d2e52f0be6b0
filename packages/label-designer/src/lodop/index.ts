export * from './types';
export * from './loader';
export * from './job';
export * from './printers';
export * from './service';
export { compareVersions } from './version';
