import { useSyncExternalStore } from 'react';
import { SHIP_DEADLINE_HOURS } from '@gemqc/contract';
import { countdown as splitRemaining } from '../../lib/time';

/** Spec §4 "Shipping deadline" in milliseconds (the hours come from the contract). */
export const SHIP_DEADLINE_MS = SHIP_DEADLINE_HOURS * 3600 * 1000;

export interface Countdown {
  overdue: boolean;
  /** Milliseconds left (0 when overdue). */
  remaining: number;
  /** "HH:MM:SS"; hours are not capped at 24 (a fresh order shows 47:59:59). */
  text: string;
}

export function formatCountdown(ms: number): string {
  return splitRemaining(ms).text;
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
