// Every table's Drizzle definition, one file per capability; the SQL that creates them lives in
// ../migrations (numbered .sql files), so two capabilities can add tables without clashing.
export * from './core';
export * from './fees';
export * from './orders';
export * from './shops';
export * from './templates';
export * from './statements';
export * from './warehouse';
export * from './interception';
export * from './audit';
export * from './notifications';
export * from './requests';
export * from './prefs';
export * from './platformSync';
export * from './relations';
