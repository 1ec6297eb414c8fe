// "27/11/2026" and "15:12" in Rome's time: how the view's banner and the customer's record say when.
const date = new Intl.DateTimeFormat('it-IT', {
  timeZone: 'Europe/Rome',
  day: '2-digit',
  month: '2-digit',
  year: 'numeric',
});
const time = new Intl.DateTimeFormat('it-IT', {
  timeZone: 'Europe/Rome',
  hour: '2-digit',
  minute: '2-digit',
});

export const romeDate = (instant: string) => date.format(new Date(instant));
export const romeTime = (instant: string) => time.format(new Date(instant));
