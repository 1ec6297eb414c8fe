// /supplies/{id}/autolettura (SPEC §2, module AutoLettura; login not required): the window, the
// last reading, the registers to fill, the plausibility warning and a clear confirmation. A guest
// reaches it from the supply's self-reading link (ADR 013), a user from the supply page.
import { useQuery } from '@tanstack/react-query';
import { useParams } from 'react-router';
import { formatIsoDate } from '../../../shared/format/format';
import { useAvailablePath } from '../../../shared/navigation/route-availability';
import { useAppStore } from '../../../shared/state/app-store';
import { useFeedback, type Feedback } from '../../../shared/ui/feedback-panel';
import { authRoutes } from '../../auth/routes';
import { dashboardRoutes } from '../../dashboard/routes';
import { supplyRoutes } from '../../supplies/routes';
import { readingWindowQuery } from '../api/queries';
import { ReadingForm } from '../components/reading-form';
import { t } from '../i18n';
import '../metering.css';
import { meteringRoutes } from '../routes';

export default function SelfReadingPage() {
  const { id = '' } = useParams();
  const loggedIn = useAppStore((state) => state.user !== null);
  const archive = useAvailablePath(meteringRoutes.supplyArchive, { id });
  const supply = useAvailablePath(supplyRoutes.detail, { id });
  const feedback = useFeedback();
  const query = useQuery(readingWindowQuery(id));
  const w = query.data;

  /**
   * Where to go once the reading is sent: back to the supply (and its readings) for a customer, to
   * the customer area for a guest from a link, who has nothing else to do on this page.
   */
  const nextSteps = (): Feedback['actions'] => {
    if (!loggedIn) return [{ label: t('metering.self_reading.to_login'), to: authRoutes.login.to() }];
    const toSupply = supply ?? dashboardRoutes.home.to();
    const supplyStep = {
      label: t(supply ? 'metering.self_reading.to_supply' : 'metering.self_reading.to_home'),
      to: toSupply,
    };
    return archive
      ? [supplyStep, { label: t('metering.self_reading.to_archive'), to: archive }]
      : [supplyStep];
  };

  return (
    <div className="page metering-page">
      {feedback.panel}
      <h1 className="page__title">{t('metering.titles.self_reading')}</h1>
      <p className="muted">{t('metering.self_reading.intro')}</p>
      {query.isPending ? <p className="muted">{t('metering.loading')}</p> : null}
      {query.isError ? <p className="muted">{t('metering.load_error')}</p> : null}
      {w ? (
        <>
          <p className="page__subtitle">
            {t('metering.self_reading.supply', { address: w.address, pointCode: w.pointCode })}
          </p>
          <section className={`notice ${w.open ? 'notice--ok' : ''}`} aria-labelledby="window-title">
            <h2 id="window-title" className="notice__title">
              {w.open && w.window
                ? t('metering.self_reading.window_open', {
                    opensOn: formatIsoDate(w.window.opensOn),
                    closesOn: formatIsoDate(w.window.closesOn),
                  })
                : t('metering.self_reading.window_closed')}
            </h2>
            {!w.open ? (
              <p>
                {w.next
                  ? t('metering.self_reading.window_next', {
                      opensOn: formatIsoDate(w.next.opensOn),
                      closesOn: formatIsoDate(w.next.closesOn),
                    })
                  : t('metering.self_reading.window_none')}
              </p>
            ) : null}
          </section>
          <p>
            {w.lastReading
              ? t('metering.self_reading.last_reading', {
                  date: formatIsoDate(w.lastReading.readingDate),
                  source: t(`metering.source.${w.lastReading.source}`).toLowerCase(),
                })
              : t('metering.self_reading.no_last_reading')}
          </p>
          {w.registers.length === 0 ? (
            <p className="empty-state">{t('metering.self_reading.no_registers')}</p>
          ) : null}
          {w.open && w.registers.length > 0 ? (
            <ReadingForm
              window={w}
              onSaved={(answer) =>
                feedback.show({
                  title: t('metering.self_reading.success_title'),
                  description: [
                    t('metering.self_reading.success_text', {
                      date: formatIsoDate(answer.reading?.readingDate ?? ''),
                    }),
                    answer.reading?.implausibleConfirmed ? t('metering.self_reading.success_confirmed') : '',
                  ]
                    .join(' ')
                    .trim(),
                  actions: nextSteps(),
                })
              }
            />
          ) : null}
        </>
      ) : null}
    </div>
  );
}
