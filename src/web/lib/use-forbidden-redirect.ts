import { useNavigate } from '@tanstack/react-router';
import { useEffect } from 'react';
import { isForbidden } from './forbidden';

/** A permission error from the server sends the user to /unauthorized (spec §6). */
export function useForbiddenRedirect(error: unknown) {
  const navigate = useNavigate();
  useEffect(() => {
    if (isForbidden(error)) void navigate({ to: '/unauthorized' });
  }, [error, navigate]);
}
