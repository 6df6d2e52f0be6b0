import { useSyncExternalStore } from 'react';
import { SHIP_DEADLINE_HOURS } from '@gemqc/contract';

/** Spec §4 "Shipping deadline" in milliseconds (the hours come from the contract). */
export const SHIP_DEADLINE_MS = SHIP_DEADLINE_HOURS * 3600 * 1000;

export interface RemainingParts {
  hours: number;
  minutes: number;
  seconds: number;
  /** true when the deadline is reached or passed */
  overdue: boolean;
  text: string;
}

/** Remaining time (ms) as hours:minutes:seconds; hours may exceed 24. */
export function remainingParts(remainingMs: number): RemainingParts {
  const total = Math.max(0, Math.floor(remainingMs / 1000));
  const hours = Math.floor(total / 3600);
  const minutes = Math.floor((total % 3600) / 60);
  const seconds = total % 60;
  const p = (n: number) => String(n).padStart(2, '0');
  return { hours, minutes, seconds, overdue: total <= 0, text: `${p(hours)}:${p(minutes)}:${p(seconds)}` };
}

export interface Countdown {
  overdue: boolean;
  /** Milliseconds left (0 when overdue). */
  remaining: number;
  /** "HH:MM:SS"; hours are not capped at 24 (a fresh order shows 47:59:59). */
  text: string;
}

export function formatCountdown(ms: number): string {
  return remainingParts(ms).text;
}

export function countdown(deadline: string | number | Date, now: number): Countdown {
  const end = new Date(deadline).getTime();
  const remaining = end - now;
  if (!Number.isFinite(remaining) || remaining <= 0) return { overdue: Number.isFinite(remaining), remaining: 0, text: formatCountdown(0) };
  return { overdue: false, remaining, text: formatCountdown(remaining) };
}

// One shared one-second clock for every countdown on the page (a table of 100 rows sets one timer).
let now = Date.now();
const listeners = new Set<() => void>();
let timer: ReturnType<typeof setInterval> | null = null;

function subscribe(listener: () => void) {
  listeners.add(listener);
  if (!timer) {
    now = Date.now();
    timer = setInterval(() => {
      now = Date.now();
      listeners.forEach((l) => l());
    }, 1000);
  }
  return () => {
    listeners.delete(listener);
    if (listeners.size === 0 && timer) {
      clearInterval(timer);
      timer = null;
    }
  };
}

function snapshot(): number {
  // Before the first subscriber the shared value may be old: refresh it (stable within a second).
  if (!timer && Date.now() - now >= 1000) now = Date.now();
  return now;
}

/** The current time, re-rendering the caller every second while mounted. */
export function useNow(): number {
  return useSyncExternalStore(subscribe, snapshot, snapshot);
}
