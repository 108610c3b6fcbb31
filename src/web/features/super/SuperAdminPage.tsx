import type { ReactNode } from 'react';
import { BackLink } from '../../components/ui/BackLink';
import { PageHeader, type PageHeaderProps } from '../../components/ui/PageHeader';
import { DashboardShell } from '../dashboard/DashboardShell';

/** The link every page of the super admin hub starts with. */
export function SuperAdminBackLink() {
  return <BackLink to="/super">Back to Super Admin</BackLink>;
}

/**
 * A page of the super admin hub (/super/…): the dashboard frame without the reviews bar, then a header
 * with a link back to the hub (decision 048; `OrgAdminPage` is its org admin twin).
 */
export function SuperAdminPage({
  children,
  ...header
}: Omit<PageHeaderProps, 'back'> & { children: ReactNode }) {
  return (
    <DashboardShell showReviews={false}>
      <PageHeader back={<SuperAdminBackLink />} {...header} />
      {children}
    </DashboardShell>
  );
}
