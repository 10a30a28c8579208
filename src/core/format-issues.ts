import type { z } from 'zod';

/** One readable line per zod issue: `field "a.b": rule` (no raw ZodError dump). */
export function formatIssues(error: z.ZodError, subject = 'field'): string[] {
  return error.issues.map((issue) => {
    if (issue.code === 'unrecognized_keys') {
      // name the unknown fields themselves, not the object that holds them
      const fields = issue.keys.map((k) => `"${[...issue.path, k].join('.')}"`).join(', ');
      return `${subject}${issue.keys.length > 1 ? 's' : ''} ${fields}: unknown, not allowed here (check the spelling)`;
    }
    const where = issue.path.length ? `${subject} "${issue.path.join('.')}"` : 'value';
    return `${where}: ${describeIssue(issue)}`;
  });
}

function describeIssue(issue: z.core.$ZodIssue): string {
  if (issue.code === 'invalid_value') return `must be one of ${issue.values.map((v) => JSON.stringify(v)).join(', ')}`;
  // zod 4 omits the input from issues; its default wording tells a missing value apart.
  if (issue.code === 'invalid_type' && /received undefined$/.test(issue.message)) return `is required (${issue.expected})`;
  return issue.message;
}
