import { createElement, type ReactNode } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { ApiError } from '../../lib/api';
import { type QueryLike, QueryStates, type QueryStatesProps } from './QueryStates';

type Data = { items: string[] };
const base: QueryLike<Data> = {
  isPending: false,
  isError: false,
  isFetching: false,
  error: null,
  data: undefined,
  refetch: () => {},
};

const render = (query: Partial<QueryLike<Data>>, quietWhenForbidden = false) =>
  renderToStaticMarkup(
    createElement(
      QueryStates<Data>,
      {
        query: { ...base, ...query },
        loading: 'Loading…',
        error: 'Failed to load programs',
        isEmpty: (d) => d.items.length === 0,
        empty: 'No programs yet',
        quietWhenForbidden,
      } as QueryStatesProps<Data>,
      // The render function is QueryStates' child (createElement types children as nodes).
      ((d: Data) => d.items.join(', ')) as unknown as ReactNode,
    ),
  );

describe('QueryStates: the four states of a data view', () => {
  it('shows loading, then the data', () => {
    expect(render({ isPending: true })).toBe('Loading…');
    expect(render({ data: { items: ['a', 'b'] } })).toBe('a, b');
  });

  it('shows the empty state when the data has nothing to list', () => {
    expect(render({ data: { items: [] } })).toBe('No programs yet');
  });

  it('shows the error text with a Retry button, or nothing for a 403 when the page redirects', () => {
    const failed = render({ isError: true, error: new Error('boom') });
    expect(failed).toContain('role="alert"');
    expect(failed).toContain('Failed to load programs');
    expect(failed).toContain('Retry');
    const forbidden = { isError: true, error: new ApiError(403, 'forbidden', 'Forbidden') };
    expect(render(forbidden, true)).toBe('');
    expect(render(forbidden)).toContain('Failed to load programs');
  });
});
