// The complaints' server data, as query options over the contract's calls.
import { erpComplaints, erpInvoices } from '@sportello/contract';
import { callMutation, callQueryOptions } from '../../../shared/api/call-query';

export const complaintsQuery = (customerKey: string) =>
  callQueryOptions(erpComplaints.listComplaints, { query: { customerKey } });

export const complaintQuery = (id: string) =>
  callQueryOptions(erpComplaints.getComplaint, { params: { id } });

/** The bills of one contract a complaint may name, newest first. */
export const contractBillsQuery = (customerKey: string, contractId: string) =>
  callQueryOptions(erpInvoices.listInvoices, {
    query: { customerId: customerKey, contractId, orderBy: 'issueDate', pagingTake: 24 },
  });

export const fileComplaint = callMutation(erpComplaints.fileComplaint, {
  invalidates: () => [erpComplaints.listComplaints],
});

export const fileGuestComplaint = callMutation(erpComplaints.fileGuestComplaint);

/** A logged-out complaint by its number and receipt code; a refusal is said beside the form (quiet). */
export const lookUpGuestComplaint = callMutation(erpComplaints.lookUpGuestComplaint, { quiet: true });
