import type { ReactNode } from 'react';
import { isForbidden } from '../../lib/forbidden';
import { ErrorState } from './ErrorState';

/** What QueryStates reads of a react-query result. */
export type QueryLike<T> = {
  isPending: boolean;
  isError: boolean;
  isFetching: boolean;
  error: unknown;
  data: T | undefined;
  refetch: () => unknown;
};

export type QueryStatesProps<T> = {
  query: QueryLike<T>;
  /** While loading: skeleton rows or the spec's 'Loading…'. */
  loading: ReactNode;
  /** The spec's error text, or one made from the error. A Retry button refetches. */
  error: ReactNode | ((err: unknown) => ReactNode);
  /** Whether the data has nothing to show; `empty` is shown then. */
  isEmpty?: (data: T) => boolean;
  empty?: ReactNode;
  /** A 403 shows nothing: the page sends the user to /unauthorized (useForbiddenRedirect). */
  quietWhenForbidden?: boolean;
  errorClassName?: string;
  children: (data: T) => ReactNode;
};

/** The four states of a data view (UI.md): loading, error with a retry, empty, data. */
export function QueryStates<T>({
  query,
  loading,
  error,
  isEmpty,
  empty,
  quietWhenForbidden,
  errorClassName,
  children,
}: QueryStatesProps<T>) {
  if (query.isPending) return <>{loading}</>;
  if (query.isError || query.data === undefined) {
    if (quietWhenForbidden && isForbidden(query.error)) return null;
    return (
      <ErrorState
        className={errorClassName}
        message={typeof error === 'function' ? error(query.error) : error}
        onRetry={() => void query.refetch()}
        retrying={query.isFetching}
      />
    );
  }
  if (isEmpty?.(query.data)) return <>{empty}</>;
  return <>{children(query.data)}</>;
}
