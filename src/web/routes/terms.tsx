import { createFileRoute, Link } from '@tanstack/react-router';
import { LegalPage } from '../features/legal/LegalPage';

export const Route = createFileRoute('/terms')({
  component: () => (
    <LegalPage
      title="Terms of Use"
      updated="November 23, 2026"
      sections={[
        {
          heading: 'Using ApplyHub',
          body: (
            <p>
              ApplyHub lets you keep one profile and use it to apply to programs that organizations and
              coalitions publish here. Organizations use it to build application forms, review applications
              and share results.
            </p>
          ),
        },
        {
          heading: 'Your account',
          body: (
            <p>
              You sign in with your Google account. Keep it secure: what is done while signed in as you is
              done in your name. Give true information in your profile and applications.
            </p>
          ),
        },
        {
          heading: 'What you upload',
          body: (
            <p>
              You keep the rights to what you write and upload. You allow ApplyHub to store it and show it to
              the organizations, reviewers and administrators of the programs you apply to, so they can
              consider your application.
            </p>
          ),
        },
        {
          heading: 'Organizations and programs',
          body: (
            <p>
              Each organization decides its own programs, deadlines, reviews and results. ApplyHub does not
              decide who is accepted. Questions about a decision go to the organization that made it.
            </p>
          ),
        },
        {
          heading: 'Fair use',
          body: (
            <p>
              Do not try to reach data that is not yours, disrupt the service, or upload anything unlawful or
              harmful. Accounts that do may be suspended.
            </p>
          ),
        },
        {
          heading: 'Your data',
          body: (
            <p>
              How we handle your personal data is explained in the{' '}
              <Link to="/privacy" className="font-medium text-blue-700 underline">
                Privacy Policy
              </Link>
              .
            </p>
          ),
        },
      ]}
    />
  ),
});
