// Contacts proven in the portal (ADR 065): an e-mail or mobile the customer confirmed with a one-time
// code, or a care operator corrected with the customer reading the code out, belongs to the portal
// until the ERP sends it back. The integration module asks which a customer has and releases those the
// ERP now agrees with; the profile claims one when its code is checked.
import { and, eq, inArray } from 'drizzle-orm';
import type { Db } from '@sportello/db/client';
import { customerContactClaims } from '@sportello/db/schema';

export type ClaimedContact = 'email' | 'phoneMobile';

/** Who proved a contact: the portal user, and the care operator when it was a correction. */
export interface ContactProof {
  username: string;
  staffUserId: number | null;
}

/** Records the contact just proven (the latest proof of each contact replaces the one before). */
export async function claimContact(
  tx: Db,
  customerId: number,
  contact: ClaimedContact,
  value: string,
  by: ContactProof,
  now: Date,
) {
  const row = { customerId, contact, value, ...by, changedAt: now };
  await tx
    .insert(customerContactClaims)
    .values(row)
    .onConflictDoUpdate({
      target: [customerContactClaims.customerId, customerContactClaims.contact],
      set: { value, username: by.username, staffUserId: by.staffUserId, changedAt: now },
    });
}

/** The contacts of a customer the portal owns, read in the caller's transaction. */
export async function contactClaims(tx: Db, customerId: number) {
  const rows = await tx
    .select()
    .from(customerContactClaims)
    .where(eq(customerContactClaims.customerId, customerId));
  return rows.map((r) => ({ ...r, contact: r.contact as ClaimedContact }));
}

/** The ERP sent these contacts as the portal holds them: from now on they are the ERP's again. */
export async function releaseContactClaims(tx: Db, customerId: number, contacts: readonly ClaimedContact[]) {
  if (contacts.length === 0) return;
  await tx
    .delete(customerContactClaims)
    .where(
      and(
        eq(customerContactClaims.customerId, customerId),
        inArray(customerContactClaims.contact, [...contacts]),
      ),
    );
}
