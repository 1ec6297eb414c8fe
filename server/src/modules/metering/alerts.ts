// Alerts a customer asks for (ADR 039), each with its channels in the profile
// (userOptions.notifications; both off: no alert at all):
// - "Nessun dato dal contatore": an active supply that normally has consumption data (some in the
//   SILENCE_LOOKBACK_DAYS before the gap) and none for `silenceDays` days; once per gap, claimed in
//   SQL by its last day of data, so a gap after the data came back is told again;
// - "La finestra per l'autolettura si apre domani": the day before a window opens, once per window
//   (reading_windows.reminded_at), beside the announcement on its first day (readings.ts).
import { addDays, formatDate, todayInRome } from '@sportello/domain';
import type { NotificationsService } from '../notifications/service.js';
import type { AlertsRepository } from './alerts-repository.js';
import type { ReadingsRepository } from './readings-repository.js';
import type { MeteringRepository } from './repository.js';

/** A supply "normally has data" when some came in this many days before its gap began. */
export const SILENCE_LOOKBACK_DAYS = 30;

export function createAlerts(deps: {
  repository: MeteringRepository;
  readings: ReadingsRepository;
  alerts: AlertsRepository;
  notifications: Pick<NotificationsService, 'queued'>;
  silenceDays: number;
}) {
  const { repository, alerts, silenceDays } = deps;
  const { queued } = deps.notifications;
  /** The silence check reads 40 days of every supply's data: once a day per process is enough. */
  let silenceCheckedOn: string | null = null;

  return {
    /** Tells the customers whose window opens tomorrow; answers how many windows. */
    remindWindowsOpeningTomorrow: (now: Date): Promise<number> =>
      queued.claimAndSend(
        (tx) => deps.readings.claimWindowsOpening(tx, addDays(todayInRome(now), 1), now),
        async (window, tx) => {
          const supply = await repository.supplyRef(window.supplyId, tx);
          return (
            supply && {
              key: `reading-window-soon:${window.supplyId}:${window.opensOn}`,
              payload: {
                kind: 'readingWindowSoon',
                customerId: supply.customerId,
                entityKey: supply.key,
                title: 'La finestra per l’autolettura si apre domani',
                body: `Da domani, ${formatDate(window.opensOn)}, e fino al ${formatDate(window.closesOn)} puoi inviare la lettura del contatore di ${supply.nickname ?? supply.address}.`,
              },
            }
          );
        },
        now,
      ),

    /** Tells the customers of supplies silent for `silenceDays` days, once per gap; answers how many. */
    async alertSilentMeters(now: Date, options: { force?: boolean } = {}): Promise<number> {
      const today = todayInRome(now);
      if (silenceCheckedOn === today && !options.force) return 0;
      silenceCheckedOn = today;
      const silentFrom = addDays(today, -silenceDays);
      const silent = await alerts.silentSupplies(addDays(silentFrom, -SILENCE_LOOKBACK_DAYS), silentFrom);
      return queued.claimAndSend(
        async (tx) => {
          const claimed = [];
          for (const supply of silent)
            if (await alerts.claimSilence(tx, supply.supplyId, supply.lastDataOn, now)) claimed.push(supply);
          return claimed;
        },
        async (supply) => ({
          key: `meter-silence:${supply.supplyId}:${supply.lastDataOn}`,
          payload: {
            kind: 'meterSilence',
            customerId: supply.customerId,
            entityKey: supply.key,
            title: `Nessun dato dal contatore da ${silenceDays} giorni`,
            body: `Dal ${formatDate(supply.lastDataOn)} non riceviamo i dati del contatore di ${supply.nickname ?? supply.address}: la prossima bolletta potrebbe essere stimata. Se il periodo di autolettura è aperto, puoi inviare tu la lettura.`,
          },
        }),
        now,
      );
    },
  };
}
