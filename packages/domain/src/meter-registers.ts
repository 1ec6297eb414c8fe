// The names a customer reads for a meter's registers (the channel codes of the ERP's readings): one
// list for the readings page, the bill page and the bill's PDF, so a gas bill never says 'Fascia VOL'.

const REGISTER_NAMES: Readonly<Record<string, string>> = {
  F0: 'Registro unico',
  F1: 'Fascia F1',
  F2: 'Fascia F2',
  F3: 'Fascia F3',
  F23: 'Fasce F2 e F3 (F23)',
  VOL: 'Volume',
  ET: 'Energia termica',
  EA: 'Energia attiva',
  ER: 'Energia reattiva',
};

/** The register's name, or its channel code for one this list does not know. */
export const registerName = (channel: string): string => REGISTER_NAMES[channel] ?? channel;
