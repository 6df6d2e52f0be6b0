export * from './common';
export * from './auth';
export * from './centerAlerts';
export * from './shops';
