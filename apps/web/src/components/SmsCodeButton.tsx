import { Button } from 'antd';
import { useState } from 'react';
import { useCountdown } from '../lib/useCountdown';

export const SMS_RESEND_SECONDS = 60;

interface Props {
  /** Sends the code; resolves with the server's wait (seconds) when it gives one. */
  onSend: () => Promise<number | void>;
  /** Checked first (e.g. the mobile field is valid); false stops the send. */
  beforeSend?: () => Promise<boolean>;
  disabled?: boolean;
  /** 获取验证码 and the countdown's text, in the caller's words. */
  sendLabel: string;
  resendLabel: (secondsLeft: number) => string;
}

/** 获取验证码 with a 60 s resend countdown that starts once the code was sent. */
export function SmsCodeButton({ onSend, beforeSend, disabled, sendLabel, resendLabel }: Props) {
  const { left, start } = useCountdown();
  const [sending, setSending] = useState(false);

  const send = async () => {
    if (beforeSend && !(await beforeSend())) return;
    setSending(true);
    try {
      const wait = await onSend();
      start(typeof wait === 'number' && wait > 0 ? wait : SMS_RESEND_SECONDS);
    } catch {
      // the request layer has told the user
    } finally {
      setSending(false);
    }
  };

  return (
    <Button onClick={() => void send()} loading={sending} disabled={disabled || left > 0} style={{ minWidth: 120 }}>
      {left > 0 ? resendLabel(left) : sendLabel}
    </Button>
  );
}
