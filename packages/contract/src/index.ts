export * from './common';
export * from './auth';
export * from './centerAlerts';
export * from './shops';
export * from './orders';
export * from './testing';
export * from './fees';
export * from './reports';
