// The brand's phone-line hours as a list, the same on /support, /helpers/support and in the help panel.
import { t } from '../i18n';
import type { Brand } from './brands';

/** Italian times of day drop the leading zero: "08:30" reads "8:30". */
const timeOfDay = (hhmm: string) => hhmm.replace(/^0/, '');

export function SupportHoursList({ brand, className }: { brand: Brand; className?: string }) {
  return (
    <ul className={className} aria-label={t('help.hours_title')}>
      {brand.supportHours.map((hours) => (
        <li key={hours.days}>
          {t(`help.hours.${hours.days}`, { from: timeOfDay(hours.from), to: timeOfDay(hours.to) })}
        </li>
      ))}
    </ul>
  );
}
