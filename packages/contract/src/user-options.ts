// The `userOptions` JSON text of a user (SPEC §3): free preferences of the client, of which the server
// reads the channels chosen per kind of alert. Unknown keys are kept for the client's own use.
import * as z from 'zod/mini';

/**
 * Events that notify a customer, and whether each is commercial or technical (the user's flags), or
 * regulatory: a notice the law says the customer must get (a unilateral change of the offer, ARERA
 * Codice di condotta commerciale art. 13), sent whatever the flags and always by e-mail (ADR 032).
 */
export const NOTIFICATION_EVENT_KINDS = {
  invoice: 'tech',
  readingWindow: 'tech',
  payment: 'tech',
  proposal: 'commercial',
  message: 'tech',
  priceChange: 'regulatory',
  /** "Nessun dato dal contatore da N giorni": an alert the customer may turn off. */
  meterSilence: 'tech',
  /** "La finestra per l'autolettura si apre domani": an alert the customer may turn off. */
  readingWindowSoon: 'tech',
} as const;
export type NotificationEventKind = keyof typeof NOTIFICATION_EVENT_KINDS;

export const notificationChannelsSchema = z.object({
  email: z._default(z.boolean(), true),
  push: z._default(z.boolean(), true),
});

/**
 * e.g. `{"notifications":{"proposal":{"email":false,"push":true}}}`. A kind left out gets both
 * channels; the flags receiveCommercialNotifications / receiveTechNotifications still come first.
 */
export const userOptionsSchema = z.looseObject({
  notifications: z.optional(
    z.object({
      invoice: z.optional(notificationChannelsSchema),
      readingWindow: z.optional(notificationChannelsSchema),
      payment: z.optional(notificationChannelsSchema),
      proposal: z.optional(notificationChannelsSchema),
      message: z.optional(notificationChannelsSchema),
      priceChange: z.optional(notificationChannelsSchema),
      meterSilence: z.optional(notificationChannelsSchema),
      readingWindowSoon: z.optional(notificationChannelsSchema),
    }),
  ),
});
export type UserOptions = z.output<typeof userOptionsSchema>;
export type NotificationChannels = z.output<typeof notificationChannelsSchema>;

/** The channels of one kind from a stored userOptions text; unreadable text means the defaults. */
/**
 * Alerts the customer asks for: with both channels off, none is made at all, not even
 * in the portal's list; the other kinds are news of the customer's own records and always listed.
 */
export const OPTIONAL_ALERT_KINDS: readonly NotificationEventKind[] = ['meterSilence', 'readingWindowSoon'];

export function channelsFor(userOptions: string, kind: NotificationEventKind): NotificationChannels {
  const defaults = { email: true, push: true };
  let json: unknown;
  try {
    json = JSON.parse(userOptions);
  } catch {
    return defaults;
  }
  const parsed = userOptionsSchema.safeParse(json);
  return (parsed.success && parsed.data.notifications?.[kind]) || defaults;
}
