import { createFileRoute } from '@tanstack/react-router';
import { ProfilePage } from '../../features/profile/ProfilePage';

/** The applicant's reusable profile: four steps, resume and portfolio uploads. */
export const Route = createFileRoute('/_authed/profile')({
  component: ProfilePage,
});
