// SQL of write-us: the messages of the logged-out form, kept for the back office apart from any
// customer's requests (the logged-in form records a request through the requests service).
import { randomBytes } from 'node:crypto';
import type { Db } from '@sportello/db/client';
import { guestContacts } from '@sportello/db/schema';

const newGuestContactKey = () => `CNT-${randomBytes(6).toString('hex').toUpperCase()}`;

export function createSupportRepository(db: Db) {
  return {
    /** Records a logged-out write-us message. */
    async insertGuestContact(values: Omit<typeof guestContacts.$inferInsert, 'id' | 'key'>) {
      const [row] = await db
        .insert(guestContacts)
        .values({ ...values, key: newGuestContactKey() })
        .returning({ id: guestContacts.id, key: guestContacts.key });
      if (!row) throw new Error('guest contact not inserted');
      return row;
    },
  };
}

export type SupportRepository = ReturnType<typeof createSupportRepository>;
