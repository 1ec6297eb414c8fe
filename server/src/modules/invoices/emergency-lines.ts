// The emergency line every bill prints (ARERA: the distributor's pronto intervento for gas, the
// network's fault line for electricity). The ERP does not send a supply's distributor yet, so the
// line is kept per commodity here, beside the brand's own number for the district-heating network
// the brand runs itself. When the ERP names the distributor, this becomes a lookup by distributor.
type Commodity = 'electricity' | 'gas' | 'heat';

export interface EmergencyLine {
  label: string;
  phone: string;
}

const NETWORK_LINES: Record<Exclude<Commodity, 'heat'>, EmergencyLine> = {
  electricity: { label: 'Segnalazione guasti del distributore (e-distribuzione)', phone: '803 500' },
  gas: { label: 'Pronto intervento gas del distributore (Italgas Reti)', phone: '800 900 999' },
};

/** The line to call for a supply; district heating is the brand's network, so its own number. */
export function emergencyLine(commodity: Commodity, brandPhone: string): EmergencyLine {
  return commodity === 'heat'
    ? { label: 'Pronto intervento teleriscaldamento', phone: brandPhone }
    : NETWORK_LINES[commodity];
}
