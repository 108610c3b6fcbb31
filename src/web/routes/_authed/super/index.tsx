import { createFileRoute } from '@tanstack/react-router';
import { SuperHub } from '../../../features/super/SuperHub';

export const Route = createFileRoute('/_authed/super/')({
  component: SuperHub,
});
