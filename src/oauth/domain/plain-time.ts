// Times as a person reads them on the owner pages: "in about 58 minutes", "1 Dec 2026, 14:52 UTC".

/** A wait in plain words, never in seconds: "in less than a minute", "in about 58 minutes", "in about 2 hours". */
export function inAbout(seconds: number): string {
  const s = Math.max(0, Math.ceil(seconds));
  if (s < 60) return 'in less than a minute';
  const minutes = Math.round(s / 60);
  if (minutes === 1) return 'in about a minute';
  if (minutes < 60) return `in about ${minutes} minutes`;
  const hours = Math.round(minutes / 60);
  if (hours === 1) return 'in about an hour';
  if (hours < 48) return `in about ${hours} hours`;
  return `in about ${Math.round(hours / 24)} days`;
}

/** How long ago, in plain words: "just now", "5 minutes ago", "3 days ago". */
export function timeAgo(iso: string, now = Date.now()): string {
  const s = Math.max(0, Math.round((now - Date.parse(iso)) / 1000));
  if (s < 60) return 'just now';
  const minutes = Math.round(s / 60);
  if (minutes < 60) return minutes === 1 ? 'a minute ago' : `${minutes} minutes ago`;
  const hours = Math.round(minutes / 60);
  if (hours < 48) return hours === 1 ? 'an hour ago' : `${hours} hours ago`;
  return `${Math.round(hours / 24)} days ago`;
}

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

/** "1 Dec 2026" (UTC). */
export function plainDate(iso: string): string {
  const d = new Date(iso);
  return `${d.getUTCDate()} ${MONTHS[d.getUTCMonth()]} ${d.getUTCFullYear()}`;
}

/** "14:52 UTC". */
export function clockTime(iso: string): string {
  const d = new Date(iso);
  return `${String(d.getUTCHours()).padStart(2, '0')}:${String(d.getUTCMinutes()).padStart(2, '0')} UTC`;
}

/** "1 Dec 2026, 14:52 UTC". */
export function plainDateTime(iso: string): string {
  return `${plainDate(iso)}, ${clockTime(iso)}`;
}
