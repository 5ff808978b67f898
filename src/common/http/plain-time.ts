/**
 * Durations and moments in words a person reads at a glance: "in about an hour", never "3502 s".
 */

/** "in a few seconds", "in about a minute", "in 5 minutes", "in about an hour", "in about 3 hours", "tomorrow". */
export function inPlainTime(seconds: number): string {
  const s = Math.max(0, Math.round(seconds));
  if (s < 15) return 'in a few seconds';
  if (s < 45) return 'in less than a minute';
  if (s < 90) return 'in about a minute';
  const minutes = Math.round(s / 60);
  if (minutes < 45) return `in ${minutes} minutes`;
  if (minutes < 90) return 'in about an hour';
  const hours = Math.round(minutes / 60);
  if (hours < 20) return `in about ${hours} hours`;
  if (hours < 36) return 'in about a day';
  return `in about ${Math.round(hours / 24)} days`;
}

/** "just now", "3 minutes ago", "about 2 hours ago", or the date for older moments. */
export function timeAgo(when: Date, now: Date = new Date()): string {
  const s = Math.round((now.getTime() - when.getTime()) / 1000);
  if (s < 45) return 'just now';
  if (s < 90) return 'a minute ago';
  const minutes = Math.round(s / 60);
  if (minutes < 45) return `${minutes} minutes ago`;
  if (minutes < 90) return 'about an hour ago';
  const hours = Math.round(minutes / 60);
  if (hours < 24) return `about ${hours} hours ago`;
  return `on ${when.toISOString().slice(0, 10)}`;
}
