/**
 * Coalition label of an organization: none → 'Independent'; one → its name (or 'Unknown Coalition');
 * two or more → the first two names joined by a comma when both are known, else the first name plus '+N'.
 */
export function coalitionLabel(names: Array<string | null | undefined>): string {
  if (names.length === 0) return 'Independent';
  const first = names[0]?.trim() || '';
  if (names.length === 1) return first || 'Unknown Coalition';
  const second = names[1]?.trim() || '';
  if (first && second) return `${first}, ${second}`;
  return `${first || 'Unknown Coalition'} +${names.length - 1}`;
}
