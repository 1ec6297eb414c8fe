// Correcting the customer's e-mail or mobile on the phone, in two steps: a code to a contact ON FILE,
// then the code the customer reads out (ADR 045).
import { isValidEmail, isValidMobilePhone, normalizePhone } from '@sportello/domain';
import { AppError, fieldError, unprocessable } from '../../http/app-error.js';
import { maskEmail, maskPhone, sendSecurityNotice } from '../../platform/notices/security-notice.js';
import { writeStaffAudit, type StaffPrincipal } from '../../platform/staff/staff-sessions.js';
import type { AccountFixes } from './context.js';

/**
 * A code confirming the new contact, sent to a contact ON FILE through the profile's correction
 * check (its limits, its single-use code): a caller who is not the customer never reads it. The
 * contacts on file are told first; the customer reads the code out and the operator confirms it.
 * The holder's account (the first user) changes.
 */
export function startContactCorrection({ deps, prepare, holderOf }: AccountFixes) {
  return async (
    staff: StaffPrincipal,
    customerId: string,
    body: { contact: 'email' | 'phone'; value: string; reason: string },
    address: string,
    now: Date,
  ) => {
    const { customer, act } = await prepare(staff, customerId, body.reason, address, now);
    const value = body.contact === 'phone' ? normalizePhone(body.value) : body.value;
    const valid = body.contact === 'email' ? isValidEmail(value) : isValidMobilePhone(value);
    if (!valid) throw unprocessable('staff_contact_invalid', [fieldError('value', 'staff_contact_invalid')]);
    const user = await holderOf(act);
    const sentTo = await deps.profile.codeDestination(user, body.contact);
    if (!sentTo) throw unprocessable('staff_contact_no_contact_on_file');
    // Told before anything is sent or changed: the real customer hears of it first.
    await sendSecurityNotice(
      { jobs: deps.jobs, mail: deps.mail, publicBaseUrl: deps.publicBaseUrl },
      {
        to: {
          email: user.email ?? customer.email ?? null,
          phoneMobile: user.phoneMobile ?? customer.phoneMobile ?? null,
        },
        company: customer.companyCode,
        name: customer.name,
        event: {
          kind: 'care-contact-started',
          contact: body.contact,
          shown: body.contact === 'email' ? maskEmail(value) : maskPhone(value),
          sentTo: sentTo.masked,
          reason: body.reason,
        },
        key: `notice:care:contact-started:${act.customerId}:${now.getTime()}`,
        now,
      },
    );
    const started = await deps.profile.correctionCheck(user, body.contact, value, now);
    await writeStaffAudit(deps.db, {
      staffUserId: staff.userId,
      idHash: staff.idHash,
      action: 'account_contact_code_sent',
      customerId: act.customerId,
      detail: { reason: body.reason, contact: body.contact, value, username: user.username },
      address,
    });
    return { ...started, sentTo: sentTo.masked };
  };
}

/** The code read out: right, the contact changes (the profile's verify, once); wrong, tries left. */
export function confirmContactCorrection({ deps, prepare, holderOf, record, tell }: AccountFixes) {
  return async (
    staff: StaffPrincipal,
    customerId: string,
    body: { workflowId: string; code: string; reason: string },
    address: string,
    now: Date,
  ) => {
    const { customer, act } = await prepare(staff, customerId, body.reason, address, now);
    const user = await holderOf(act);
    const checked = await deps.profile
      .verify(user, body.workflowId, body.code, now, staff)
      .catch((err: unknown) => {
        // A code of the wrong shape is the profile's 400: here, the operator's wrong code.
        if (err instanceof AppError && err.statusCode === 400) return null;
        throw err;
      });
    if (!checked || checked.outcome === 'wrong')
      throw unprocessable('staff_contact_code_wrong', [fieldError('code', 'staff_contact_code_wrong')]);
    if (checked.outcome !== 'verified')
      throw unprocessable('staff_contact_code_invalid', [fieldError('code', 'staff_contact_code_invalid')]);
    await deps.db.transaction((tx) => record(tx, 'contact', { ...act, users: [act.users[0]!] }, 1));
    await tell('contact', act, customer);
    return { done: true as const, count: 1 };
  };
}
