// The calendar day of a SimpleFIN balance-date (a UNIX time) in a time zone: the day a balance is written on.
import { SetupError } from '../errors';

/** The machine's time zone (TZ, else the system's), the default of --time-zone. */
export function machineTimeZone(): string {
  return new Intl.DateTimeFormat().resolvedOptions().timeZone;
}

const formatters = new Map<string, Intl.DateTimeFormat>();

/** Checks an IANA time zone name (`Europe/Berlin`, `UTC`). Throws SetupError naming the option. */
export function checkTimeZone(zone: string): string {
  try {
    formatterFor(zone);
    return zone;
  } catch {
    throw new SetupError(
      `--time-zone ${JSON.stringify(zone)} is not a time zone this machine knows: give an IANA name such as Europe/Berlin, America/New_York or UTC`,
    );
  }
}

/** The day (`YYYY-MM-DD`) that `seconds` after 1970-01-01T00:00Z falls on in `zone`. */
export function dayIn(seconds: number, zone: string): string {
  const parts = formatterFor(zone).formatToParts(new Date(seconds * 1000));
  const part = (type: string) => parts.find((p) => p.type === type)?.value ?? '';
  return `${part('year')}-${part('month')}-${part('day')}`;
}

function formatterFor(zone: string): Intl.DateTimeFormat {
  let formatter = formatters.get(zone);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat('en-US', { timeZone: zone, year: 'numeric', month: '2-digit', day: '2-digit' });
    formatters.set(zone, formatter);
  }
  return formatter;
}
