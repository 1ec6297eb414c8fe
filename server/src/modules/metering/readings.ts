// Readings (SPEC §9): the self-reading window of a supply with its registers and last reading, the
// readings archive, and the announcement of windows as they open. The window rules are
// @sportello/domain's.
import type { erpMetering } from '@sportello/contract';
import {
  formatDate,
  isWindowOpen,
  READING_MAX_DIGITS,
  READING_PHOTO_MAX_BYTES,
  todayInRome,
} from '@sportello/domain';
import type { NotificationsService } from '../notifications/service.js';
import { registersOf, type Commodity, type FindSupply } from './supply-lookup.js';
import type { ReadingsRepository, ReadingWithSubmission } from './readings-repository.js';
import type { MeteringRepository } from './repository.js';

type Reading = erpMetering.Reading;

export function toReading(row: ReadingWithSubmission): Reading {
  return {
    id: String(row.reading.id),
    readingDate: row.reading.readingDate,
    source: row.reading.source as Reading['source'],
    status: row.reading.status,
    values: row.reading.values,
    implausibleConfirmed: row.implausibleConfirmed,
    meterReplaced: row.meterReplaced,
    hasPhoto: row.hasPhoto,
    note: row.reading.note,
    createdAt: row.reading.createdAt.toISOString(),
  };
}

/** Same day two years earlier (SPEC §9: readings default to the last 2 years). */
const twoYearsBefore = (today: string) => {
  const back = `${Number(today.slice(0, 4)) - 2}${today.slice(4)}`;
  return back.endsWith('02-29') ? back.replace(/29$/, '28') : back;
};

/** The open window on `today` (if any) and the next one. */
export async function windowState(readings: ReadingsRepository, supplyId: number, today: string) {
  const [first, second] = await readings.windowsFrom(supplyId, today);
  const open = first !== undefined && isWindowOpen(first, today);
  return { open, window: open ? first : null, next: (open ? second : first) ?? null };
}

export function createReadings(deps: {
  repository: MeteringRepository;
  readings: ReadingsRepository;
  findSupply: FindSupply;
  notifications: NotificationsService;
}) {
  const { repository, findSupply } = deps;

  /** Tells the customers whose window opened today, queued with the claim; answers how many windows. */
  function announceOpeningWindows(now: Date): Promise<number> {
    const today = todayInRome(now);
    return deps.notifications.queued.claimAndSend(
      (tx) => deps.readings.claimOpeningWindows(tx, today, now),
      async (window, tx) => {
        const supply = await repository.supplyRef(window.supplyId, tx);
        return (
          supply && {
            key: `reading-window:${window.supplyId}:${window.closesOn}`,
            payload: {
              kind: 'readingWindow',
              customerId: supply.customerId,
              entityKey: supply.key,
              title: 'È il momento di inviare l’autolettura',
              body: `Puoi inviare la lettura del contatore di ${supply.nickname ?? supply.address} fino al ${formatDate(window.closesOn)}.`,
            },
          }
        );
      },
      now,
    );
  }

  return {
    announceOpeningWindows,

    async readingWindow(supplyKey: string, now: Date) {
      const found = await findSupply(supplyKey);
      const today = todayInRome(now);
      const [state, [last]] = await Promise.all([
        windowState(deps.readings, found.supply.id, today),
        deps.readings.latestReadings(found.supply.id, 1),
      ]);
      return {
        supplyKey: found.supply.key,
        commodity: found.supply.commodity as Commodity,
        pointCode: found.supply.pointCode,
        address: `${found.supply.address}, ${found.supply.locality}`,
        ...state,
        registers: registersOf(found).map((m) => ({
          channel: m.ChannelTypeCode,
          unit: m.unit,
          lastValue: last?.reading.values[m.ChannelTypeCode] ?? null,
        })),
        lastReading: last ? toReading(last) : null,
        maxDigits: READING_MAX_DIGITS,
        photoMaxBytes: READING_PHOTO_MAX_BYTES,
      };
    },

    async readings(query: { supplyKey: string; startDate?: string | undefined }, now: Date) {
      const found = await findSupply(query.supplyKey);
      const startDate = query.startDate ?? twoYearsBefore(todayInRome(now));
      const rows = await deps.readings.readingsSince(found.supply.id, startDate);
      return {
        supplyKey: found.supply.key,
        commodity: found.supply.commodity as Commodity,
        startDate,
        readings: rows.map(toReading),
      };
    },
  };
}
