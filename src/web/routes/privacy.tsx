import { createFileRoute, Link } from '@tanstack/react-router';
import { LegalPage } from '../features/legal/LegalPage';

export const Route = createFileRoute('/privacy')({
  component: () => (
    <LegalPage
      title="Privacy Policy"
      updated="November 23, 2026"
      sections={[
        {
          heading: 'What we keep',
          body: (
            <p>
              Your name and email from Google; the profile you fill in (contact details, address, family and
              emergency contacts, statement, resume and files); your applications and their answers; and the
              reviews and results of programs you take part in.
            </p>
          ),
        },
        {
          heading: 'Who sees it',
          body: (
            <p>
              When you submit an application, the organization running the program, its reviewers and its
              administrators see your answers and the parts of your profile that program asks for. Other
              applicants never see your data. ApplyHub's administrators can see accounts to run the service.
            </p>
          ),
        },
        {
          heading: 'Cookies',
          body: (
            <p>
              We use one session cookie to keep you signed in. We do not use advertising or tracking cookies.
            </p>
          ),
        },
        {
          heading: 'How long we keep it',
          body: (
            <p>
              Your profile stays until you ask us to delete your account. Applications stay with the programs
              you applied to so their organizations can keep their records.
            </p>
          ),
        },
        {
          heading: 'Your choices',
          body: (
            <p>
              You can see and change your profile at any time on your Profile page. To have your account
              deleted, ask an ApplyHub administrator. The{' '}
              <Link to="/terms" className="font-medium text-blue-700 underline">
                Terms of Use
              </Link>{' '}
              apply as well.
            </p>
          ),
        },
      ]}
    />
  ),
});
