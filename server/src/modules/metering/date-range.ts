// A from..to range of Rome dates (`to` exclusive) a consumption or price call may ask for.
import { badRequest, fieldError } from '../../http/app-error.js';

const MS_PER_DAY = 86_400_000;

/** Refuses a range that is empty, reversed or wider than `maxDays`. */
export function checkRange(from: string, to: string, maxDays: number) {
  const days = (Date.parse(to) - Date.parse(from)) / MS_PER_DAY;
  if (!(days > 0)) throw badRequest('range_invalid', [fieldError('to', 'range_invalid')]);
  if (days > maxDays) throw badRequest('range_too_wide', [fieldError('from', 'range_too_wide')]);
}
