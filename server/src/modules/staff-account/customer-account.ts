// The customer page's other sections for the operator: payments, readings, consents and their history,
// sessions, delegations, notifications sent, security events and the users' login locks, the latest
// SECTION_LIMIT of each, newest first. Reading them is audited.
import { staffAccount } from '@sportello/contract';
import { deviceLabel, describeUserAgent } from '@sportello/domain';
import { writeStaffAudit, type StaffPrincipal } from '../../platform/staff/staff-sessions.js';
import type { AccountFixes } from './context.js';

export function customerAccount({ deps, customerOf }: AccountFixes) {
  return async (
    staff: StaffPrincipal,
    customerId: string,
    address: string,
    now: Date,
  ): Promise<staffAccount.StaffCustomerAccount> => {
    const customer = await customerOf(customerId);
    const id = customer.id;
    await writeStaffAudit(deps.db, {
      staffUserId: staff.userId,
      idHash: staff.idHash,
      action: 'customer_account_view',
      customerId: id,
      address,
    });
    const users = await deps.repository.usersOf(id);
    const userIds = users.map((u) => u.id);
    const usernameOf = new Map(users.map((u) => [u.id, u.username]));
    const contacts = [
      ...new Set(
        [customer.email, customer.phoneMobile, ...users.flatMap((u) => [u.email, u.phoneMobile])].filter(
          (c): c is string => !!c,
        ),
      ),
    ];
    const take = staffAccount.SECTION_LIMIT;
    const none = Promise.resolve([]);
    const [
      portal,
      collected,
      readings,
      consents,
      consentChanges,
      sessions,
      given,
      received,
      deliveries,
      events,
      locks,
    ] = await Promise.all([
      deps.repository.portalPayments(id, take),
      deps.repository.collected(id, take),
      deps.repository.readings(id, take),
      deps.repository.consentsOf(id),
      deps.customers.consentChanges(id, take),
      userIds.length ? deps.repository.sessionsOf(userIds, now, take) : none,
      deps.repository.delegationsGiven(id, take),
      userIds.length ? deps.repository.delegationsReceived(userIds, take) : none,
      deps.repository.deliveriesTo(contacts, userIds, take),
      userIds.length ? deps.repository.securityEventsOf(userIds, take) : none,
      Promise.all(users.map((u) => deps.sessions.loginLock.locked(u.companyCode, u.username, now))),
    ]);
    // A consent's value holds since its latest change, when the history still lists it.
    const sinceOf = (subject: string, consent: string) =>
      consentChanges.find((c) => c.subject === subject && c.consent === consent)?.at.toISOString() ?? null;
    const payments = [
      ...portal.map((p) => ({
        at: p.at.toISOString(),
        source: 'portal' as const,
        channel: 'gateway',
        status: p.status,
        amountCents: p.amountCents,
        billNumber: p.billNumber,
      })),
      ...collected.map((c) => ({
        at: new Date(`${c.on}T00:00:00Z`).toISOString(),
        source: 'collected' as const,
        channel: c.channel,
        status: c.returned ? 'returned' : 'collected',
        amountCents: c.amountCents,
        billNumber: c.billNumber,
      })),
    ]
      .sort((a, b) => b.at.localeCompare(a.at))
      .slice(0, take);
    return {
      payments,
      readings: readings.map((r) => ({
        date: r.date,
        pointCode: r.pointCode,
        source: r.source,
        values: Object.entries(r.values)
          .map(([channel, value]) => `${channel} ${value}`)
          .join(', '),
        selfReading: r.submitted !== null,
        notes: [
          r.status,
          ...(r.implausible?.length
            ? [r.implausibleConfirmed ? 'implausible_confirmed' : 'implausible']
            : []),
          ...(r.meterReplaced ? ['meter_replaced'] : []),
          ...(r.note ? [r.note] : []),
        ],
      })),
      consents: [
        {
          subject: customer.name,
          consent: 'privacyCompany',
          given: consents?.privacyCompany ?? false,
          since: sinceOf(customer.name, 'privacyCompany'),
        },
        {
          subject: customer.name,
          consent: 'privacyOthers',
          given: consents?.privacyOthers ?? false,
          since: sinceOf(customer.name, 'privacyOthers'),
        },
        ...users.flatMap((u) => [
          {
            subject: u.username,
            consent: 'commercial',
            given: u.receiveCommercialNotifications,
            since: sinceOf(u.username, 'commercial'),
          },
          {
            subject: u.username,
            consent: 'technical',
            given: u.receiveTechNotifications,
            since: sinceOf(u.username, 'technical'),
          },
        ]),
      ],
      consentChanges: consentChanges.map((c) => ({
        at: c.at.toISOString(),
        subject: c.subject,
        consent: c.consent,
        from: c.oldValue,
        to: c.newValue,
        channel: c.channel,
        who: c.byWho,
      })),
      sessions: sessions.map((s) => ({
        username: usernameOf.get(s.userId ?? 0) ?? '',
        device: deviceLabel(describeUserAgent(s.userAgent)),
        createdAt: s.createdAt.toISOString(),
        lastSeenAt: s.lastSeenAt.toISOString(),
      })),
      delegations: [
        ...given.map((d) => ({ direction: 'given' as const, who: d.who, status: d.status, at: d.at })),
        ...received.map((d) => ({
          direction: 'received' as const,
          who: d.who,
          status: d.status,
          at: d.at,
        })),
      ]
        .sort((a, b) => b.at.getTime() - a.at.getTime())
        .slice(0, take)
        .map((d) => ({ ...d, at: d.at.toISOString() })),
      notifications: deliveries.map((d) => ({
        at: d.at.toISOString(),
        channel: d.kind as 'mail' | 'sms' | 'push',
        subject: d.subject,
        status: d.status,
      })),
      securityEvents: events.map((e) => ({
        at: e.at.toISOString(),
        username: usernameOf.get(e.userId) ?? '',
        kind: e.kind,
        detail: e.detail,
      })),
      users: users.map((u, i) => ({
        username: u.username,
        status: u.status,
        loginLocked: locks[i] ?? false,
        lastLoginAt: u.lastLoginAt?.toISOString() ?? null,
      })),
      limit: take,
    };
  };
}
