// The profile's reads and changes over the contract's calls, and the one-time-code workflow kept
// locally between the edit page and the check page (SPEC §4).
import { core, erpCustomers, erpSupplies, profile } from '@sportello/contract';
import { REQUEST_TYPE } from '@sportello/domain';
import { useMutation } from '@tanstack/react-query';
import { callMutation, callQueryOptions } from '../../../shared/api/call-query';

export const userQuery = (id: string) => callQueryOptions(core.getUser, { params: { id } });
export const customerQuery = (id: string) => callQueryOptions(erpCustomers.getCustomer, { params: { id } });
export const registryRequestsQuery = (customerKey: string) =>
  callQueryOptions(erpSupplies.listRequests, {
    query: { customerKey, requestType: REQUEST_TYPE.registryChange, pagingTake: 1 },
  });

export const updateUser = callMutation(core.updateUser, { invalidates: () => [core.getUser] });
export const updateCustomerSettings = callMutation(profile.updateCustomerSettings, {
  invalidates: () => [erpCustomers.getCustomer, erpCustomers.listCustomers],
});
export const eInvoiceRecipientQuery = (customerId: string) =>
  callQueryOptions(profile.getEInvoiceRecipient, { params: { id: customerId } });
export const updateEInvoiceRecipient = callMutation(profile.updateEInvoiceRecipient, {
  invalidates: () => [profile.getEInvoiceRecipient],
});
export const requestAccountData = callMutation(profile.requestAccountData, {
  invalidates: () => [erpSupplies.listRequests],
});
const emailCheck = callMutation(profile.emailCheck);
const phoneCheck = callMutation(profile.phoneCheck);
export const otpVerification = callMutation(profile.otpVerification, {
  invalidates: () => [core.getUser, erpCustomers.getCustomer, erpCustomers.listCustomers],
});

export type OtpChannel = 'email' | 'phone';
export interface PendingCheck {
  workflowId: string;
  target: string;
  /** When the code was sent (ms): the resend countdown runs from it. */
  sentAt: number;
}

const storageKey = (channel: OtpChannel) => `profile.otp.${channel}`;

export const pendingCheck = {
  read(channel: OtpChannel): PendingCheck | null {
    try {
      const value = JSON.parse(localStorage.getItem(storageKey(channel)) ?? 'null') as PendingCheck | null;
      return value && typeof value.workflowId === 'string' ? value : null;
    } catch {
      return null;
    }
  },
  /** Keeps a just-sent code's workflow; the countdown starts now. */
  write(channel: OtpChannel, workflowId: string, target: string): PendingCheck {
    const check = { workflowId, target, sentAt: Date.now() };
    localStorage.setItem(storageKey(channel), JSON.stringify(check));
    return check;
  },
  clear: (channel: OtpChannel) => localStorage.removeItem(storageKey(channel)),
};

/** Sends a code for a new e-mail or mobile number; both mutations exist so hooks stay in order. */
export function useStartCheck(channel: OtpChannel) {
  const email = useMutation(emailCheck);
  const phone = useMutation(phoneCheck);
  return {
    pending: email.isPending || phone.isPending,
    start: (target: string) =>
      channel === 'email'
        ? email.mutateAsync({ body: { email: target } })
        : phone.mutateAsync({ body: { phone: target } }),
  };
}
