// The customer-care staff's roles (ADR 041); a `staff` call lists those that may make it. Apart from
// call.ts (which only names the type), so the web's first load does not carry the list.
export const STAFF_ROLES = ['operator', 'supervisor', 'administrator'] as const;
export type StaffRole = (typeof STAFF_ROLES)[number];
