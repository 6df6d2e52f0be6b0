import { create } from 'zustand';

export interface ErrorLogEntry {
  error: string;
  component: string;
  info: string;
  url: string;
  time: number;
}

interface ErrorLogState {
  logs: ErrorLogEntry[];
  add(entry: Omit<ErrorLogEntry, 'time'>): void;
  clear(): void;
}

export const useErrorLogStore = create<ErrorLogState>()((set) => ({
  logs: [],
  add(entry) {
    set((s) => ({ logs: [...s.logs, { ...entry, time: Date.now() }] }));
  },
  clear() {
    set({ logs: [] });
  },
}));

function describe(value: unknown): string {
  if (value instanceof Error) return `${value.name}: ${value.message}`;
  if (typeof value === 'string') return value;
  try {
    return JSON.stringify(value);
  } catch {
    return String(value);
  }
}

/** Whether errors are captured: production builds only (spec §9). */
export const ERROR_LOG_ENABLED: boolean = import.meta.env.PROD;

export function logError(error: unknown, component: string, info: string): void {
  if (!ERROR_LOG_ENABLED) return;
  useErrorLogStore.getState().add({ error: describe(error), component, info, url: window.location.href });
}

/** Window errors and unhandled promise rejections (installed once at start-up). */
export function installGlobalErrorCapture(): void {
  if (!ERROR_LOG_ENABLED) return;
  window.addEventListener('error', (e) => {
    logError(e.error ?? e.message, 'window', `${e.filename ?? ''}:${e.lineno ?? ''}:${e.colno ?? ''}`);
  });
  window.addEventListener('unhandledrejection', (e) => {
    logError(e.reason, 'promise', 'unhandledrejection');
  });
}
