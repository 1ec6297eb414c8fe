// Self-readings, readings, consumption and PUN prices. Who may ask: a user reaching the supply's
// customer (own or delegated), or a guest whose session came from that supply's self-reading link
// (ADR 013). The window, register and plausibility rules are @sportello/domain's.
import { erpMetering, type ApiError, type MessageCode } from '@sportello/contract';
import {
  addDays,
  dailyUseBetween,
  formatDate,
  hourInRome,
  isHourlyPriceSupply,
  isWindowOpen,
  plausibility,
  READING_MAX_DIGITS,
  READING_PHOTO_MAX_BYTES,
  registerProblem,
  tariffBand,
  todayInRome,
} from '@sportello/domain';
import type * as z from 'zod/mini';
import { badRequest, fieldError, notFound, unprocessable } from '../../http/app-error.js';
import type { NotificationsService } from '../notifications/service.js';
import { consumptionFromReadings } from './consumption-from-readings.js';
import type { MeteringRepository, ReadingWithSubmission } from './repository.js';

type Reading = erpMetering.Reading;
type InsertBody = z.output<typeof erpMetering.insertReadings.body>;
type InsertAnswer = z.output<typeof erpMetering.insertReadings.response>;
type ConsumptionQuery = z.output<typeof erpMetering.getConsumptions.query>;
type ConsumptionAnswer = z.output<typeof erpMetering.getConsumptions.response>;
type QuotationQuery = z.output<typeof erpMetering.listQuotations.query>;
type QuotationAnswer = z.output<typeof erpMetering.listQuotations.response>;
type Commodity = 'electricity' | 'gas' | 'heat';

/** The hourly load curve is a measure of the meter group, not a register the customer reads. */
const NOT_A_REGISTER = new Set(['CURVA']);

/** The bands a chart shows: the meter's band registers (or the curve's three bands), else one total. */
function chartBands(registers: ReadonlySet<string>, curve: boolean): erpMetering.ChartBand[] {
  if (registers.has('F23')) return ['F1', 'F23'];
  if (curve || registers.has('F1')) return ['F1', 'F2', 'F3'];
  return ['TOT'];
}

/** The first of the month, or of the next month when `date` is not a 1st: the first month a curve covers whole. */
function firstFullMonth(date: string): string {
  const first = `${date.slice(0, 7)}-01`;
  return date === first ? first : `${addDays(first, 31).slice(0, 8)}01`;
}
/** Readings the expected daily use is taken from: about a year of monthly readings. */
const HISTORY_READINGS = 13;
const MS_PER_DAY = 86_400_000;

const PHOTO_SIGNATURES: Record<string, number[]> = {
  'image/jpeg': [0xff, 0xd8, 0xff],
  'image/png': [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a],
};

function toReading(row: ReadingWithSubmission): Reading {
  return {
    id: String(row.reading.id),
    readingDate: row.reading.readingDate,
    source: row.reading.source as Reading['source'],
    status: row.reading.status,
    values: row.reading.values,
    implausibleConfirmed: row.implausibleConfirmed,
    meterReplaced: row.meterReplaced,
    hasPhoto: row.hasPhoto,
    createdAt: row.reading.createdAt.toISOString(),
  };
}

/** The decoded photo if it is a JPEG or PNG within the size limit; else the refusal. */
function checkPhoto(photo: NonNullable<InsertBody['photo']>): { contentType: string; base64: string } {
  const signature = PHOTO_SIGNATURES[photo.contentType];
  const base64 = photo.data.replace(/^data:[^,]*,/, '');
  if (!signature || !/^[A-Za-z0-9+/]*={0,2}$/.test(base64)) {
    throw badRequest('reading_photo_not_image', [fieldError('photo', 'reading_photo_not_image')]);
  }
  const bytes = Buffer.from(base64, 'base64');
  if (bytes.length > READING_PHOTO_MAX_BYTES) {
    throw badRequest('reading_photo_too_large', [fieldError('photo', 'reading_photo_too_large')]);
  }
  if (!signature.every((b, i) => bytes[i] === b)) {
    throw badRequest('reading_photo_not_image', [fieldError('photo', 'reading_photo_not_image')]);
  }
  return { contentType: photo.contentType, base64 };
}

/** Same day two years earlier (SPEC §9: readings default to the last 2 years). */
const twoYearsBefore = (today: string) => {
  const back = `${Number(today.slice(0, 4)) - 2}${today.slice(4)}`;
  return back.endsWith('02-29') ? back.replace(/29$/, '28') : back;
};

const unitOf = (commodity: Commodity) => (commodity === 'gas' ? 'Smc' : 'kWh');

function checkRange(from: string, to: string, maxDays: number) {
  const days = (Date.parse(to) - Date.parse(from)) / MS_PER_DAY;
  if (!(days > 0)) throw badRequest('range_invalid', [fieldError('to', 'range_invalid')]);
  if (days > maxDays) throw badRequest('range_too_wide', [fieldError('from', 'range_too_wide')]);
}

const firstOfMonth = (date: string) => `${date.slice(0, 7)}-01`;
const firstOfNextMonth = (date: string) => {
  const [y, m] = date.split('-').map(Number) as [number, number];
  return m === 12 ? `${y + 1}-01-01` : `${y}-${String(m + 1).padStart(2, '0')}-01`;
};
const average = (xs: number[]) => (xs.length ? Math.round(xs.reduce((a, b) => a + b, 0) / xs.length) : null);

export function createMeteringService(deps: {
  repository: MeteringRepository;
  notifications: NotificationsService;
  /** How often open windows are looked for and announced; 0 leaves it to the caller (tests). */
  announceEveryMs: number;
}) {
  const { repository } = deps;

  /** The supply by id or key, with its meter group and offer; unknown → 404. */
  async function findSupply(idOrKey: string) {
    const found = await repository.findSupply(idOrKey);
    if (!found) throw notFound();
    return found;
  }
  type Found = Awaited<ReturnType<typeof findSupply>>;

  const registersOf = (found: Found) =>
    (found.meter?.measures ?? []).filter((m) => !NOT_A_REGISTER.has(m.ChannelTypeCode));

  async function windowState(supplyId: number, today: string) {
    const [first, second] = await repository.windowsFrom(supplyId, today);
    const open = first !== undefined && isWindowOpen(first, today);
    return { open, window: open ? first : null, next: (open ? second : first) ?? null };
  }

  /** Per register: the last value, and the daily use between the oldest and newest of the history. */
  function historyOf(channel: string, history: ReadingWithSubmission[]) {
    const withChannel = history
      .filter((r) => r.reading.values[channel] !== undefined)
      .map((r) => ({ date: r.reading.readingDate, value: r.reading.values[channel] ?? 0 }));
    const last = withChannel[0];
    const oldest = withChannel[withChannel.length - 1];
    if (!last || !oldest) return null;
    // A register that went back in between (a replaced meter) leaves no usable rate.
    const monotonic = withChannel.every((r, i) => i === 0 || r.value <= (withChannel[i - 1]?.value ?? 0));
    return {
      lastValue: last.value,
      lastDate: last.date,
      dailyUse: monotonic && withChannel.length > 1 ? dailyUseBetween(oldest, last) : null,
    };
  }

  async function alreadySaved(supplyId: number, token: string): Promise<InsertAnswer | null> {
    const existing = await repository.readingOfToken(supplyId, token);
    return existing ? { outcome: 'saved', reading: toReading(existing), warnings: [] } : null;
  }

  async function announceOpeningWindows(now: Date): Promise<number> {
    const opened = await repository.claimOpeningWindows(todayInRome(now), now);
    for (const window of opened) {
      const supply = await repository.supplyRef(window.supplyId);
      if (!supply) continue;
      await deps.notifications.notify({
        kind: 'readingWindow',
        customerId: supply.customerId,
        entityKey: supply.key,
        title: 'È il momento di inviare l’autolettura',
        body: `Puoi inviare la lettura del contatore di ${supply.nickname ?? supply.address} fino al ${formatDate(window.closesOn)}.`,
        now,
      });
    }
    return opened.length;
  }

  return {
    announceEveryMs: deps.announceEveryMs,
    announceOpeningWindows,

    async readingWindow(supplyKey: string, now: Date) {
      const found = await findSupply(supplyKey);
      const today = todayInRome(now);
      const [state, [last]] = await Promise.all([
        windowState(found.supply.id, today),
        repository.latestReadings(found.supply.id, 1),
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

    /** `by`: who records it, a user or a guest through its link (kept with the reading). */
    async insert(
      by: { userId: number | null; viaLinkId: number | null },
      body: InsertBody,
      now: Date,
    ): Promise<InsertAnswer> {
      const found = await findSupply(body.supplyKey);
      const supplyId = found.supply.id;
      const replay = await alreadySaved(supplyId, body.submissionToken);
      if (replay) return replay;

      const registers = registersOf(found);
      if (registers.length === 0) throw unprocessable('reading_no_meter');
      const today = todayInRome(now);
      if (!(await windowState(supplyId, today)).open) throw unprocessable('reading_window_closed');

      const channels = registers.map((r) => r.ChannelTypeCode);
      const errors: ApiError[] = [
        ...Object.keys(body.values)
          .filter((c) => !channels.includes(c))
          .map((c) => fieldError(`values.${c}`, 'reading_unknown_register')),
        ...channels.flatMap((c) => {
          const problem = registerProblem(body.values[c] ?? '');
          if (!problem) return [];
          const code = problem === 'required' ? 'reading_required' : (`reading_${problem}` as const);
          return [fieldError(`values.${c}`, code)];
        }),
      ];
      const first = errors[0];
      if (first) throw badRequest(first.code as MessageCode, errors);
      const photo = body.photo ? checkPhoto(body.photo) : null;
      const values = Object.fromEntries(channels.map((c) => [c, Number((body.values[c] ?? '').trim())]));

      const history = await repository.latestReadings(supplyId, HISTORY_READINGS);
      const histories = channels.map((c) => [c, historyOf(c, history)] as const);
      const lower = histories.filter(([c, h]) => h && (values[c] ?? 0) < h.lastValue).map(([c]) => c);
      if (lower.length > 0 && !body.meterReplaced) {
        throw unprocessable(
          'reading_lower_than_last',
          lower.map((c) => fieldError(`values.${c}`, 'reading_lower_than_last')),
        );
      }
      const verdicts = body.meterReplaced
        ? []
        : histories.flatMap(([c, h]) =>
            h ? [{ channel: c, ...plausibility(h, values[c] ?? 0, today) }] : [],
          );
      // A value no meter could reach is a typing slip: refused, whatever the confirmation.
      const impossible = verdicts.filter((v) => !v.possible);
      if (impossible.length > 0) {
        throw unprocessable(
          'reading_impossible',
          impossible.map((v) => fieldError(`values.${v.channel}`, 'reading_impossible')),
        );
      }
      const warnings = verdicts.flatMap((v) =>
        v.plausible || v.expected === null
          ? []
          : [{ channel: v.channel, consumption: v.consumption, expected: v.expected }],
      );
      if (warnings.length > 0 && !body.confirmImplausible)
        return { outcome: 'confirm', reading: null, warnings };

      await repository.insertSelfReading({
        supplyId,
        customerId: found.supply.customerId,
        token: body.submissionToken,
        readingDate: today,
        values,
        userId: by.userId,
        viaLinkId: by.viaLinkId,
        implausible: warnings.length > 0 ? warnings : null,
        meterReplaced: body.meterReplaced && lower.length > 0,
        photo,
      });
      // Inserted now, or by a twin request with the same token a moment ago: the same answer.
      const saved = await alreadySaved(supplyId, body.submissionToken);
      if (!saved) throw notFound();
      return { ...saved, warnings };
    },

    async readings(query: { supplyKey: string; startDate?: string | undefined }, now: Date) {
      const found = await findSupply(query.supplyKey);
      const startDate = query.startDate ?? twoYearsBefore(todayInRome(now));
      const rows = await repository.readingsSince(found.supply.id, startDate);
      return {
        supplyKey: found.supply.key,
        commodity: found.supply.commodity as Commodity,
        startDate,
        readings: rows.map(toReading),
      };
    },

    async consumptions(query: ConsumptionQuery, now: Date): Promise<ConsumptionAnswer> {
      const found = await findSupply(query.supplyKey);
      checkRange(query.from, query.to, erpMetering.CONSUMPTION_MAX_DAYS[query.granularity]);
      const measures = found.meter?.measures ?? [];
      const biHourly = measures.some((m) => m.ChannelTypeCode === 'F23');
      const unit = unitOf(found.supply.commodity as Commodity);
      const energy = found.offer?.prices.find((p) => p.unit === unit);
      // Months before the smart meter's hourly curve starts (its full-capacity date; all months for
      // gas, heat and meters never remotely read) come from the month-end readings, as their bills do.
      const curveStartDate =
        found.supply.commodity === 'electricity' ? found.meter?.fullCapacityStartDate : null;
      const curve = Boolean(curveStartDate);
      const curveFrom = curveStartDate ? firstFullMonth(curveStartDate) : query.to;
      const granularity = query.granularity;
      const monthly = granularity === 'month' || granularity === 'year';
      const fromReadings =
        (granularity === 'month' || granularity === 'year') && query.from < curveFrom
          ? consumptionFromReadings(
              (await repository.readingsSince(found.supply.id, addDays(query.from, -1))).map(
                (r) => r.reading,
              ),
              {
                from: query.from,
                to: query.to < curveFrom ? query.to : curveFrom,
                granularity,
              },
              energy?.milliEuro ?? 0,
            )
          : [];
      const curveStart = monthly && query.from < curveFrom ? curveFrom : query.from;
      const fromCurve =
        curve && curveStart < query.to
          ? await repository.consumptionBy({
              supplyId: found.supply.id,
              from: curveStart,
              to: query.to,
              granularity: query.granularity,
              biHourly,
              price: { hourly: energy?.hourly ?? false, milliEuroPerUnit: energy?.milliEuro ?? 0 },
            })
          : [];
      const points = [...fromReadings, ...fromCurve];
      const registers = new Set(measures.map((m) => m.ChannelTypeCode));
      return {
        supplyKey: found.supply.key,
        commodity: found.supply.commodity as Commodity,
        unit,
        bands: chartBands(registers, curve),
        granularity: query.granularity,
        from: query.from,
        to: query.to,
        hourlyPrice: found.offer ? isHourlyPriceSupply(found.offer, found.meter, todayInRome(now)) : false,
        points,
      };
    },

    async quotations(query: QuotationQuery): Promise<QuotationAnswer> {
      checkRange(query.startDate, query.endDate, erpMetering.QUOTATION_MAX_DAYS);
      // Whole months, so the band averages cover each month the range touches.
      const all = (
        await repository.punPrices(
          firstOfMonth(query.startDate),
          firstOfNextMonth(addDays(query.endDate, -1)),
        )
      ).map((p) => ({ start: p.start, price: p.price, ...hourInRome(p.start) }));
      const prices = all.filter((p) => p.date >= query.startDate && p.date < query.endDate);
      const byDay = new Map<string, number[]>();
      for (const p of prices) byDay.set(p.date, [...(byDay.get(p.date) ?? []), p.price]);
      const byMonth = new Map<string, Record<'F1' | 'F2' | 'F3', number[]>>();
      for (const p of all) {
        const month = p.date.slice(0, 7);
        const bands = byMonth.get(month) ?? { F1: [], F2: [], F3: [] };
        bands[tariffBand(p)].push(p.price);
        byMonth.set(month, bands);
      }
      return {
        quotationType: 'PUN',
        detailLevel: 'Hour',
        prices: prices.map((p) => ({
          start: p.start.toISOString(),
          date: p.date,
          hour: p.hour,
          minutes: 60,
          milliEuroPerMwh: p.price,
        })),
        days: [...byDay].map(([date, xs]) => ({
          date,
          min: Math.min(...xs),
          max: Math.max(...xs),
          average: average(xs) ?? 0,
          hours: xs.length,
        })),
        months: [...byMonth].map(([month, b]) => ({
          month,
          F1: average(b.F1),
          F2: average(b.F2),
          F3: average(b.F3),
        })),
      };
    },
  };
}

export type MeteringService = ReturnType<typeof createMeteringService>;
