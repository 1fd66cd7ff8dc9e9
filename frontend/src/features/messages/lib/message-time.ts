/** The spec's message dates, in the viewer's time zone, in English (the interface's language). */
const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

function parse(iso: string): Date | null {
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? null : date;
}

/** 'h:mm a': "3:07 PM" (the full-screen chat). */
export function formatTime(iso: string): string {
  const date = parse(iso);
  if (!date) return '';
  const hours = date.getHours();
  const minutes = String(date.getMinutes()).padStart(2, '0');
  return `${hours % 12 === 0 ? 12 : hours % 12}:${minutes} ${hours < 12 ? 'AM' : 'PM'}`;
}

/** Month and day: "Jan 5" (the inbox). */
export function formatMonthDay(iso: string): string {
  const date = parse(iso);
  return date ? `${MONTHS[date.getMonth()]} ${date.getDate()}` : '';
}

/** 'MMM d, h:mm a': "Jan 5, 3:07 PM" (the message modal). */
export function formatDateTime(iso: string): string {
  const date = parse(iso);
  return date ? `${formatMonthDay(iso)}, ${formatTime(iso)}` : '';
}
