// Sending a self-reading (SPEC §9): inside the open window, every register of the meter, refused when
// impossible or lower than the last (unless the meter was replaced), confirmed when implausible, once
// per submission token, with an optional photo of the meter kept as a document. The register and
// plausibility rules are @sportello/domain's.
import type { ApiError, erpMetering, MessageCode } from '@sportello/contract';
import {
  dailyUseBetween,
  fileTypeOf,
  plausibility,
  READING_PHOTO_MAX_BYTES,
  registerProblem,
  todayInRome,
} from '@sportello/domain';
import type * as z from 'zod/mini';
import { badRequest, fieldError, notFound, unprocessable } from '../../http/app-error.js';
import { safeImage, UnreadableFile } from '../../integrations/files/safe-files.js';
import type { DocumentsService } from '../documents/service.js';
import { registersOf, type FindSupply } from './supply-lookup.js';
import { toReading, windowState } from './readings.js';
import type { ReadingsRepository, ReadingWithSubmission } from './readings-repository.js';

type InsertBody = z.output<typeof erpMetering.insertReadings.body>;
type InsertAnswer = z.output<typeof erpMetering.insertReadings.response>;

/** Readings the expected daily use is taken from: about a year of monthly readings. */
const HISTORY_READINGS = 13;

/** The decoded photo if it is a JPEG or PNG (by its bytes, as declared) within the size limit, as pixels only; else the refusal. */
async function checkPhoto(
  photo: NonNullable<InsertBody['photo']>,
): Promise<{ contentType: string; base64: string }> {
  const notImage = () =>
    badRequest('reading_photo_not_image', [fieldError('photo', 'reading_photo_not_image')]);
  const base64 = photo.data.replace(/^data:[^,]*,/, '');
  if (!/^[A-Za-z0-9+/]*={0,2}$/.test(base64)) throw notImage();
  const bytes = Buffer.from(base64, 'base64');
  if (bytes.length > READING_PHOTO_MAX_BYTES) {
    throw badRequest('reading_photo_too_large', [fieldError('photo', 'reading_photo_too_large')]);
  }
  const type = fileTypeOf(bytes);
  if ((type !== 'image/jpeg' && type !== 'image/png') || type !== photo.contentType) throw notImage();
  const safe = await safeImage(bytes, type).catch((error: unknown) => {
    throw error instanceof UnreadableFile ? notImage() : error;
  });
  return { contentType: type, base64: safe.toString('base64') };
}

export function createSelfReading(deps: {
  readings: ReadingsRepository;
  findSupply: FindSupply;
  /** Keeps the meter photo, in the transaction that records the reading (ADR 029). */
  documents: DocumentsService;
}) {
  const { readings, findSupply, documents } = deps;

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
    const existing = await readings.readingOfToken(supplyId, token);
    return existing ? { outcome: 'saved', reading: toReading(existing), warnings: [] } : null;
  }

  return {
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
      if (!(await windowState(readings, supplyId, today)).open) throw unprocessable('reading_window_closed');

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
      const photo = body.photo ? await checkPhoto(body.photo) : null;
      const values = Object.fromEntries(channels.map((c) => [c, Number((body.values[c] ?? '').trim())]));

      const history = await readings.latestReadings(supplyId, HISTORY_READINGS);
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

      await readings.insertSelfReading(
        {
          supplyId,
          token: body.submissionToken,
          readingDate: today,
          values,
          userId: by.userId,
          viaLinkId: by.viaLinkId,
          implausible: warnings.length > 0 ? warnings : null,
          meterReplaced: body.meterReplaced && lower.length > 0,
        },
        async (tx) =>
          photo
            ? documents.storeReadingPhoto(tx, {
                customerId: found.supply.customerId,
                readingDate: today,
                photo,
              })
            : null,
      );
      // Inserted now, or by a twin request with the same token a moment ago: the same answer.
      const saved = await alreadySaved(supplyId, body.submissionToken);
      if (!saved) throw notFound();
      return { ...saved, warnings };
    },
  };
}
