import { createFileRoute } from '@tanstack/react-router';
import { SuperProgramsPage } from '../../../../features/super-programs/SuperProgramsPage';

export const Route = createFileRoute('/_authed/super/programs/')({
  component: SuperProgramsPage,
});
