// Building a formatter is the expensive part (the locale's data is loaded): one of each, made on first use.
let dateFormat: Intl.DateTimeFormat | undefined;
let dateTimeFormat: Intl.DateTimeFormat | undefined;
let shortDayFormat: Intl.DateTimeFormat | undefined;

/** Dates in the viewer's locale and time zone. */
export function formatDate(value: string | Date): string {
  dateFormat ??= new Intl.DateTimeFormat(undefined, { dateStyle: 'medium' });
  return dateFormat.format(new Date(value));
}

/** Day and month only ('3 Dec', 'Dec 3'): for recent events beside a fuller date. */
export function formatShortDay(value: string | Date): string {
  shortDayFormat ??= new Intl.DateTimeFormat(undefined, { day: 'numeric', month: 'short' });
  return shortDayFormat.format(new Date(value));
}

export function formatDateTime(value: string | Date): string {
  dateTimeFormat ??= new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'short' });
  return dateTimeFormat.format(new Date(value));
}

/**
 * A calendar day ('2008-04-17', a date of birth or a date answer) in the viewer's locale. Read as a
 * local date, so no time zone moves it to the day before; anything else goes through formatDate.
 */
export function formatDay(value: string): string {
  const day = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value);
  if (!day) {
    const d = new Date(value);
    return Number.isNaN(d.getTime()) ? value : formatDate(d);
  }
  return formatDate(new Date(Number(day[1]), Number(day[2]) - 1, Number(day[3])));
}
