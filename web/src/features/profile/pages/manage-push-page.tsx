// /profile/manage-push: the notification flags and, per alert kind, the channels e-mail and push
// (userOptions.notifications, ADR 014). Other keys of userOptions are kept as they are.
import {
  channelsFor,
  NOTIFICATION_EVENT_KINDS,
  type NotificationChannels,
  type NotificationEventKind,
} from '@sportello/contract';
import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import { updateUser } from '../api/profile-api';
import { readOptions } from '../../../shared/session/user-options';
import { ProfileFrame } from '../components/profile-frame';
import { Check, SettingsForm } from '../components/settings-form';
import '../profile.css';
import { useProfileUser } from '../components/use-profile-data';
import { t } from '../i18n';

const KINDS = Object.keys(NOTIFICATION_EVENT_KINDS) as NotificationEventKind[];
/** A regulatory notice is owed to the customer: no channel of it can be turned off. */
type ChoosableKind = {
  [K in NotificationEventKind]: (typeof NOTIFICATION_EVENT_KINDS)[K] extends 'regulatory' ? never : K;
}[NotificationEventKind];
const CHOOSABLE = KINDS.filter(
  (kind): kind is ChoosableKind => NOTIFICATION_EVENT_KINDS[kind] !== 'regulatory',
);

export default function ManagePushPage() {
  const user = useProfileUser();
  const save = useMutation(updateUser);
  const [tech, setTech] = useState(user.receiveTechNotifications);
  const [commercial, setCommercial] = useState(user.receiveCommercialNotifications);
  const [channels, setChannels] = useState(
    () =>
      Object.fromEntries(KINDS.map((kind) => [kind, channelsFor(user.userOptions, kind)])) as Record<
        NotificationEventKind,
        NotificationChannels
      >,
  );
  const setChannel = (kind: NotificationEventKind, channel: keyof NotificationChannels, on: boolean) =>
    setChannels((current) => ({ ...current, [kind]: { ...current[kind], [channel]: on } }));

  const onSave = () =>
    save.mutateAsync({
      body: {
        receiveTechNotifications: tech,
        receiveCommercialNotifications: commercial,
        userOptions: JSON.stringify({ ...readOptions(user.userOptions), notifications: channels }),
      },
    });

  return (
    <ProfileFrame heading={t('profile.push.heading')} intro={t('profile.push.intro')}>
      <SettingsForm saving={save.isPending} done={t('profile.push.done')} onSave={onSave}>
        <Check label={t('profile.push.tech')} checked={tech} onChange={setTech} />
        <Check label={t('profile.push.commercial')} checked={commercial} onChange={setCommercial} />
        <h2>{t('profile.push.channels')}</h2>
        {CHOOSABLE.map((kind) => (
          <fieldset key={kind} className="profile-channels">
            <legend>{t(`profile.push.kinds.${kind}`)}</legend>
            <Check
              label={t('profile.push.email')}
              checked={channels[kind].email}
              onChange={(on) => setChannel(kind, 'email', on)}
            />
            <Check
              label={t('profile.push.push')}
              checked={channels[kind].push}
              onChange={(on) => setChannel(kind, 'push', on)}
            />
          </fieldset>
        ))}
      </SettingsForm>
    </ProfileFrame>
  );
}
