// Display form of a shipping address.
import type { erpSupplies } from '@sportello/contract';

/** "Via Roma 12/A", "00100 Roma (RM)" and the optional extras, one line each. */
export function shippingAddressLines(
  address: erpSupplies.ShippingAddress,
  labels: { building: string; floor: string; flatNumber: string },
): string[] {
  const street = [address.streetGeneric, address.streetName].filter(Boolean).join(' ');
  const civic = address.civicNumberExt
    ? `${address.civicNumber}/${address.civicNumberExt}`
    : address.civicNumber;
  const extras = [
    address.building ? `${labels.building} ${address.building}` : null,
    address.floor ? `${labels.floor} ${address.floor}` : null,
    address.flatNumber ? `${labels.flatNumber} ${address.flatNumber}` : null,
  ].filter(Boolean);
  return [
    `${street} ${civic}`,
    ...(extras.length ? [extras.join(', ')] : []),
    ...(address.locality ? [address.locality] : []),
    `${address.postalCode} ${address.city} (${address.province})`,
  ];
}
