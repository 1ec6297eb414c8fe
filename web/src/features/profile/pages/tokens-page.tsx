// /profile/token-personali (ADR 037): personal read-only tokens for the customer's
// own tools (Home Assistant, a script). A token is created with a name and an expiry (a year at most),
// shown once with a way to copy it, listed with its dates and last use, and revoked at any time. Creating
// one asks a step-up (the api client opens its dialog); every token ends with the password or the sessions.
import { FORM_MESSAGES, type personal } from '@sportello/contract';
import { addDays, todayInRome } from '@sportello/domain';
import { useMutation, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import * as z from 'zod/mini';
import { formSubmit } from '../../../shared/forms/form-submit';
import { requiredText } from '../../../shared/forms/rules';
import { setServerErrors } from '../../../shared/forms/server-errors';
import { TextField } from '../../../shared/forms/text-field';
import { useSchemaForm } from '../../../shared/forms/use-schema-form';
import { formatInstantDate } from '../../../shared/format/format';
import { createPersonalToken, personalTokensQuery, revokePersonalToken } from '../api/tokens-api';
import { DeviceIcon } from '../components/device-icon';
import { ProfileFrame } from '../components/profile-frame';
import { withProfileTexts } from '../i18n';
import tokenTexts from '../texts.tokens.it.json';
import '../profile.css';

// This page's own texts come with it, not with every profile page (each within its 40 KB budget).
const t = withProfileTexts(tokenTexts);

const MAX_DAYS = 365;
const today = () => todayInRome(new Date());

const schema = z.object({
  name: requiredText(60),
  expiresOn: z.string().check(
    z.refine((v) => /^\d{4}-\d{2}-\d{2}$/.test(v), FORM_MESSAGES.required),
    z.refine((v) => v > today() && v <= addDays(today(), MAX_DAYS), FORM_MESSAGES.token_expiry_invalid),
  ),
});
type Values = z.output<typeof schema>;

function CreatedToken({ token, name }: { token: string; name: string }) {
  const [copied, setCopied] = useState(false);
  return (
    <div className="token-created" role="status">
      <h2>{t('profileTokens.created_heading', { name })}</h2>
      <p>{t('profileTokens.created_once')}</p>
      <p className="token-created__value">
        <code>{token}</code>
      </p>
      <button
        type="button"
        className="button button--secondary"
        onClick={() => void navigator.clipboard?.writeText(token).then(() => setCopied(true))}
      >
        {copied ? t('profileTokens.copied') : t('profileTokens.copy')}
      </button>
    </div>
  );
}

/** A token works to the end of its last day: its expiry instant is the next day's midnight in Rome. */
const lastDay = (expiresAt: string) => formatInstantDate(new Date(Date.parse(expiresAt) - 1).toISOString());

function TokenItem({ token }: { token: personal.PersonalToken }) {
  const revoke = useMutation(revokePersonalToken);
  return (
    <li className="device-item">
      <DeviceIcon kind="key" />
      <div className="device-item__body">
        <p className="device-item__name">{token.name}</p>
        <p className="device-item__meta">
          {t('profileTokens.created', { date: formatInstantDate(token.createdAt) })}
          <br />
          {t(token.expired ? 'profileTokens.expired' : 'profileTokens.expires', {
            date: lastDay(token.expiresAt),
          })}
          <br />
          {token.lastUsedAt
            ? t('profileTokens.last_used', { date: formatInstantDate(token.lastUsedAt) })
            : t('profileTokens.never_used')}
        </p>
      </div>
      <button
        type="button"
        className="button button--secondary device-item__action"
        disabled={revoke.isPending}
        aria-label={t('profileTokens.revoke_named', { name: token.name })}
        onClick={() => revoke.mutate({ params: { key: token.key } })}
      >
        {t('profileTokens.revoke')}
      </button>
    </li>
  );
}

function TokenList() {
  const { data, status } = useQuery(personalTokensQuery());
  if (status === 'pending') return <p className="card__muted">{t('profile.devices.loading')}</p>;
  if (!data) return <p className="card__muted">{t('profile.devices.error')}</p>;
  if (data.length === 0) return <p className="card__muted">{t('profileTokens.none')}</p>;
  return (
    <ul className="device-list">
      {data.map((token) => (
        <TokenItem key={token.key} token={token} />
      ))}
    </ul>
  );
}

/** How a tool sends the token: curl and Home Assistant's REST sensor (docs/personal-token.md in full). */
function HowTo() {
  const base = `${window.location.origin}/services/rest/personal/v1`;
  const curl =
    `curl -H "Authorization: Bearer spt_…" \\\n` +
    `"${base}/consumptions?supplyKey=CODICE&from=2026-10-01&to=2026-11-01&granularity=day"`;
  const homeAssistant = [
    'sensor:',
    '  - platform: rest',
    '    name: "Consumo luce del mese"',
    `    resource_template: "${base}/consumptions?supplyKey=CODICE&granularity=month&from={{ now().strftime('%Y-%m-01') }}&to={{ (now() + timedelta(days=1)).strftime('%Y-%m-%d') }}"`,
    '    headers:',
    '      Authorization: !secret sportello_authorization',
    '    scan_interval: 3600',
    '    unit_of_measurement: "kWh"',
    '    value_template: "{{ ((value_json.data.points | last).milliUnits.values() | sum / 1000) | round(2) }}"',
  ].join('\n');
  return (
    <details className="token-howto">
      <summary>{t('profileTokens.howto')}</summary>
      <p>{t('profileTokens.howto_intro')}</p>
      <h3>curl</h3>
      <pre>
        <code>{curl}</code>
      </pre>
      <h3>Home Assistant</h3>
      <p>{t('profileTokens.howto_ha')}</p>
      <pre>
        <code>{homeAssistant}</code>
      </pre>
      <p>
        <a href="/services/rest/personal/openapi.json">{t('profileTokens.docs_link')}</a>
      </p>
    </details>
  );
}

export default function TokensPage() {
  const create = useMutation(createPersonalToken);
  const [created, setCreated] = useState<{ token: string; name: string } | null>(null);
  const {
    register,
    handleSubmit,
    setError,
    reset,
    formState: { errors, isSubmitting },
  } = useSchemaForm(schema, { name: '', expiresOn: addDays(today(), MAX_DAYS) });
  const onSubmit = async (values: Values) => {
    const answer = await create.mutateAsync({ body: values }).catch((failure: unknown) => {
      setServerErrors(failure, setError, ['name', 'expiresOn']);
      return null;
    });
    if (!answer) return;
    setCreated({ token: answer.token, name: answer.details.name });
    reset({ name: '', expiresOn: addDays(today(), MAX_DAYS) });
  };
  return (
    <ProfileFrame heading={t('profileTokens.heading')} intro={t('profileTokens.intro')}>
      {created ? <CreatedToken {...created} /> : null}
      <h2>{t('profileTokens.list_heading')}</h2>
      <TokenList />
      <h2 className="device-history__heading">{t('profileTokens.new_heading')}</h2>
      <p>{t('profileTokens.ends')}</p>
      <form className="form" noValidate onSubmit={formSubmit(handleSubmit, onSubmit)}>
        <TextField
          label={t('profileTokens.name')}
          hint={t('profileTokens.name_hint')}
          required
          error={errors.name?.message}
          {...register('name')}
        />
        <TextField
          label={t('profileTokens.expires_on')}
          hint={t('profileTokens.expires_hint')}
          type="date"
          required
          min={addDays(today(), 1)}
          max={addDays(today(), MAX_DAYS)}
          error={errors.expiresOn?.message}
          {...register('expiresOn')}
        />
        <div className="form-actions">
          <button type="submit" className="button button--primary" disabled={isSubmitting}>
            {t('profileTokens.create')}
          </button>
        </div>
      </form>
      <HowTo />
    </ProfileFrame>
  );
}
