// The push sender's interface, shared by the outbox default and the FCM adapter.
export interface Push {
  /** The device's registration token (fbPushId). */
  token: string;
  title: string;
  body: string;
  /** The SPEC §3 push payload, flattened to strings as FCM data requires. */
  data: Record<string, string>;
}

/** The provider says the token is no longer valid: the device should be forgotten, not retried. */
export class UnregisteredTokenError extends Error {}

export interface PushSender {
  send(push: Push, idempotencyKey: string): Promise<{ messageId: string }>;
}
