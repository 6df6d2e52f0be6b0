import { useId, useState, type FormEvent, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { LoginValues } from '../api';
import { loadLoginRules, useLogin, useLoginSuccess, useSendSms } from '../loginHooks';
import { useCountdown } from '../../../lib/useCountdown';
import { showErrorOnce } from '../../../lib/request';
import { ui } from '../../../lib/ui';
import type { PortalType } from '../../../lib/storage';

export const SMS_RESEND_SECONDS = 60;

type Mode = LoginValues['mode'];
type Field = 'mobile' | 'password' | 'code';

function Icon({ d }: { d: string }) {
  return (
    <svg className="login-input__icon" viewBox="0 0 24 24" aria-hidden="true">
      <path d={d} fill="none" stroke="currentColor" strokeWidth="1.6" strokeLinecap="round" strokeLinejoin="round" />
    </svg>
  );
}
const PHONE = 'M8 2.5h8a1.5 1.5 0 0 1 1.5 1.5v16a1.5 1.5 0 0 1-1.5 1.5H8A1.5 1.5 0 0 1 6.5 20V4A1.5 1.5 0 0 1 8 2.5zM11 18.5h2';
const LOCK = 'M6.5 10.5h11v10h-11zM8.5 10.5V7.5a3.5 3.5 0 0 1 7 0v3M12 14.5v2.5';
const SHIELD = 'M12 2.5l7 3v6c0 4.5-3 8-7 10-4-2-7-5.5-7-10v-6zM9 12l2 2 4-4';

/**
 * The sign-in form of one portal. Modes: 'password' (mobile + password, type 1) and/or 'sms'
 * (mobile + SMS code; type 2, or the manager's verify_code). Enter submits.
 */
export function LoginForm({ portal, modes }: { portal: PortalType; modes: readonly Mode[] }) {
  const { t } = useTranslation();
  const onLoggedIn = useLoginSuccess(portal);
  const uid = useId();
  const [mode, setMode] = useState<Mode>(modes[0] ?? 'password');
  const [values, setValues] = useState<Record<Field, string>>({ mobile: '', password: '', code: '' });
  const [errors, setErrors] = useState<Partial<Record<Field, string>>>({});
  const login = useLogin(portal);
  const sms = useSendSms();
  const { left, start } = useCountdown();

  const fields: Field[] = mode === 'password' ? ['mobile', 'password'] : ['mobile', 'code'];

  const check = async (f: Field, v = values[f]) => {
    const { checkLoginField } = await loadLoginRules();
    const err = checkLoginField(f, v);
    setErrors((e) => ({ ...e, [f]: err ?? undefined }));
    return err;
  };

  const set = (f: Field, v: string) => {
    setValues((s) => ({ ...s, [f]: v }));
    if (errors[f]) void check(f, v);
  };

  const onSubmit = async (e: FormEvent) => {
    e.preventDefault();
    if (login.isPending) return;
    const { checkLoginField } = await loadLoginRules();
    const found = fields.map((f) => [f, checkLoginField(f, values[f])] as const);
    setErrors(Object.fromEntries(found.filter(([, m]) => m).map(([f, m]) => [f, m ?? undefined])));
    if (found.some(([, m]) => m)) return;
    login.mutate(
      { mode, mobile: values.mobile, password: values.password, code: values.code },
      { onSuccess: onLoggedIn, onError: showErrorOnce },
    );
  };

  const sendCode = async () => {
    if (left > 0 || sms.isPending) return;
    if (await check('mobile')) return;
    sms.mutate(values.mobile, {
      onSuccess: () => {
        start(SMS_RESEND_SECONDS);
        ui().message.success(t('login.codeSent'), 3);
      },
      onError: showErrorOnce,
    });
  };

  const input = (f: Field, type: string, icon: string, extra?: ReactNode) => (
    <div className={`login-field${errors[f] ? ' login-field--error' : ''}`}>
      <label className="login-field__label" htmlFor={`${uid}-${f}`}>
        {t(`login.${f}`)}
      </label>
      <div className="login-field__row">
        <div className="login-input">
          <Icon d={icon} />
          <input
            id={`${uid}-${f}`}
            name={f}
            type={type}
            value={values[f]}
            placeholder={t(`login.${f}Placeholder`)}
            autoComplete={f === 'mobile' ? 'username' : f === 'password' ? 'current-password' : 'one-time-code'}
            inputMode={f === 'password' ? undefined : 'numeric'}
            maxLength={f === 'mobile' ? 20 : f === 'code' ? 6 : 64}
            aria-invalid={!!errors[f]}
            aria-describedby={errors[f] ? `${uid}-${f}-err` : undefined}
            onChange={(e) => set(f, e.target.value)}
            onFocus={() => void loadLoginRules()}
            onBlur={() => values[f] && void check(f)}
          />
        </div>
        {extra}
      </div>
      <div className="login-field__error" id={`${uid}-${f}-err`} role={errors[f] ? 'alert' : undefined}>
        {errors[f] ?? ''}
      </div>
    </div>
  );

  return (
    <form className="login-form" onSubmit={(e) => void onSubmit(e)} noValidate>
      {modes.length > 1 && (
        <div className="login-tabs" role="tablist">
          {modes.map((m) => (
            <button
              key={m}
              type="button"
              role="tab"
              aria-selected={mode === m}
              className={`login-tabs__tab${mode === m ? ' is-active' : ''}`}
              onClick={() => {
                setMode(m);
                setErrors({});
              }}
            >
              {t(m === 'password' ? 'login.byPassword' : 'login.bySms')}
            </button>
          ))}
        </div>
      )}
      {input('mobile', 'tel', PHONE)}
      {mode === 'password'
        ? input('password', 'password', LOCK)
        : input(
            'code',
            'text',
            SHIELD,
            <button type="button" className="login-sms" disabled={left > 0 || sms.isPending} onClick={() => void sendCode()}>
              {left > 0 ? t('login.resend', { n: left }) : t('login.sendCode')}
            </button>,
          )}
      <button type="submit" className="login-submit" disabled={login.isPending}>
        {login.isPending && <span className="login-spinner" aria-hidden="true" />}
        {t('login.submit')}
      </button>
    </form>
  );
}
