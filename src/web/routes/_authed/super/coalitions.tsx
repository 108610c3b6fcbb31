import { createFileRoute } from '@tanstack/react-router';
import { CoalitionsPage } from '../../../features/governance/CoalitionsPage';

export const Route = createFileRoute('/_authed/super/coalitions')({
  component: CoalitionsPage,
});
