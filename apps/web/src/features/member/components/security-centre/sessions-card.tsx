import type { MemberSession } from '@banca/contracts';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorMessage } from '@/api/error-message';
import { Button } from '@/components/button';
import { FormAlert } from '@/components/form-field';
import { MonitorIcon, SmartphoneIcon } from '@/components/icons';
import { Skeleton } from '@/components/skeleton';
import { Spinner } from '@/components/spinner';
import { useLanguage } from '@/i18n';
import { toast } from '@/stores/toast-store';
import { endSession } from '../../api/end-session';
import { sessionsQueryKey, sessionsQueryOptions } from '../../api/get-sessions';
import { summariseUserAgent } from '../../lib/user-agent';

const MOBILE_DEVICES = new Set(['h5', 'ios', 'android']);

/**
 * Where the member is logged in (accounts.md "Sessions"): this one first, the others each with
 * a way to end it — a session the member does not recognise is one click from gone.
 */
export function SessionsCard() {
  const { t } = useTranslation();
  const sessions = useQuery(sessionsQueryOptions());
  const list = sessions.data
    ? [...sessions.data].sort((a, b) => Number(b.current) - Number(a.current))
    : [];

  return (
    <section
      className="card sessions-card"
      aria-labelledby="sessions-title"
      data-testid="sessions-card"
    >
      <header className="card__header">
        <span className="card__icon">
          <MonitorIcon />
        </span>
        <div>
          <h2 id="sessions-title" className="card__title">
            {t('security.sessions.title')}
          </h2>
          <p className="card__subtitle">{t('security.sessions.text')}</p>
        </div>
      </header>
      {sessions.isPending ? (
        <div className="sessions-card__list" aria-hidden="true">
          <Skeleton height={64} radius={14} />
          <Skeleton height={64} radius={14} />
        </div>
      ) : sessions.isError ? (
        <FormAlert>{errorMessage(sessions.error, t)}</FormAlert>
      ) : (
        <ul className="sessions-card__list">
          {list.map((session) => (
            <SessionRow key={session.id} session={session} />
          ))}
        </ul>
      )}
    </section>
  );
}

function SessionRow({ session }: { session: MemberSession }) {
  const { t } = useTranslation();
  const language = useLanguage();
  const queryClient = useQueryClient();
  const [ending, setEnding] = useState(false);
  const { browser, system } = summariseUserAgent(session.userAgent);
  const dates = new Intl.DateTimeFormat(language, { dateStyle: 'medium', timeStyle: 'short' });
  const name =
    [browser, system].filter(Boolean).join(' · ') || t('security.sessions.unknownDevice');
  const Icon =
    MOBILE_DEVICES.has(session.device) || system === 'Android' || system === 'iOS'
      ? SmartphoneIcon
      : MonitorIcon;

  const end = async () => {
    setEnding(true);
    try {
      await endSession(session.id);
      await queryClient.invalidateQueries({ queryKey: sessionsQueryKey });
      toast.success(t('security.sessions.ended'));
    } catch (error) {
      toast.error(errorMessage(error, t));
      setEnding(false);
    }
  };

  return (
    <li
      className={session.current ? 'session-row is-current' : 'session-row'}
      data-testid="session-row"
    >
      <span className="session-row__icon">
        <Icon />
      </span>
      <div className="session-row__text">
        <p className="session-row__name">
          {name}
          {session.current ? (
            <span className="status-chip is-on" data-testid="session-current">
              {t('security.sessions.current')}
            </span>
          ) : null}
        </p>
        <p className="session-row__meta">
          <span>{t('security.sessions.ip', { ip: session.ip })}</span>
          <span>
            {t('security.sessions.started', { date: dates.format(new Date(session.createdAt)) })}
          </span>
          <span>
            {t('security.sessions.lastSeen', { date: dates.format(new Date(session.lastSeenAt)) })}
          </span>
        </p>
      </div>
      {session.current ? null : (
        <Button
          variant="outline"
          size="sm"
          onClick={() => void end()}
          disabled={ending}
          data-testid="session-end"
        >
          {ending ? <Spinner sizePx={14} /> : null}
          {t('security.sessions.end')}
        </Button>
      )}
    </li>
  );
}
