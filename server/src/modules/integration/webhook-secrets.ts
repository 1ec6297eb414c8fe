// A webhook's signing secret rests sealed with SECRETS_KEY (ADR 049): written sealed, opened only to
// sign a delivery, and a secret kept in clear before (or sealed with an older key) is sealed again.
import { and, eq } from 'drizzle-orm';
import type { Db } from '@sportello/db/client';
import { integrationWebhooks } from '@sportello/db/schema';
import { createSecretBox, sealAgain, type SecretsKey } from '../../platform/secrets/secret-box.js';

export function createWebhookSecrets(db: Db, keys: readonly SecretsKey[]) {
  const box = createSecretBox(keys, 'integration_webhooks.secret');
  return {
    /** The column's value for a new secret. */
    seal: box.seal,
    /** The secret a stored value holds. */
    open: box.open,
    /** Seals every secret still in clear or under an older key; answers how many. */
    async sealStored(): Promise<number> {
      const rows = await db
        .select({ id: integrationWebhooks.id, secret: integrationWebhooks.secret })
        .from(integrationWebhooks);
      return sealAgain(box, rows, (row, sealed) =>
        db
          .update(integrationWebhooks)
          .set({ secret: sealed })
          .where(and(eq(integrationWebhooks.id, row.id), eq(integrationWebhooks.secret, row.secret))),
      );
    },
  };
}

export type WebhookSecrets = ReturnType<typeof createWebhookSecrets>;
