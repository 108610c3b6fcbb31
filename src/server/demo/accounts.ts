/** The demo accounts, created by the seed and offered on the demo sign-in page. */
export const demoAccounts = [
  { email: 'super@demo.test', name: 'Sam Super', description: 'Super admin' },
  { email: 'admin@demo.test', name: 'Avery Admin', description: 'Org admin of Riverside Arts' },
  { email: 'reviewer@demo.test', name: 'Riley Reviewer', description: 'Reviewer for Riverside Arts' },
  {
    email: 'coalition@demo.test',
    name: 'Casey Coalition',
    description: 'Coalition manager of Metro Arts Coalition',
  },
  { email: 'applicant@demo.test', name: 'Alex Applicant', description: 'Applicant with a complete profile' },
] as const;
