import { useEffect } from 'react';
import { useIt } from '../i18n';
import '../interception.css';

/** Three short square-wave beeps: loud enough to stop a hand at the packing bench. */
export function playAlarm(): void {
  const Ctx = window.AudioContext;
  if (!Ctx) return;
  try {
    const ctx = new Ctx();
    const osc = ctx.createOscillator();
    const gain = ctx.createGain();
    osc.type = 'square';
    osc.frequency.value = 880;
    osc.connect(gain);
    gain.connect(ctx.destination);
    const t0 = ctx.currentTime;
    gain.gain.setValueAtTime(0, t0);
    for (let i = 0; i < 3; i++) {
      gain.gain.setValueAtTime(0.3, t0 + i * 0.3);
      gain.gain.setValueAtTime(0, t0 + i * 0.3 + 0.18);
    }
    osc.start(t0);
    osc.stop(t0 + 0.9);
    osc.onended = () => void ctx.close();
  } catch {
    // no audio device: the colour still says it
  }
}

const STOPPED = new Set(['intercepted', 'return_pending']);

/**
 * The scanned parcel is intercepted: a red block over the bench with the reason, and an alarm sound
 * each time it is scanned (`scanStamp` changes with every scan).
 */
export function InterceptedScanAlarm({ orderNo, status, reason, scanStamp }: { orderNo: string; status: string; reason: string; scanStamp: number }) {
  const t = useIt();
  const stopped = STOPPED.has(status);
  useEffect(() => {
    if (stopped) playAlarm();
  }, [stopped, orderNo, scanStamp]);
  if (!stopped) return null;
  return (
    <div className="interception-alarm" role="alert" data-testid="intercept-alarm">
      <div className="interception-alarm__title">{t('alarm.title')}</div>
      <div className="interception-alarm__body">{t('alarm.body', { no: orderNo, reason: reason || '—' })}</div>
    </div>
  );
}
