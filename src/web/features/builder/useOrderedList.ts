import { useRef, useState } from 'react';
import { moveItem } from '../../lib/move-item';

/**
 * A short list the builder edits in place with buttons (a table's columns, a letter's recommender
 * questions): add (focus moves to the new row's first field), move up or down, remove (focus goes to
 * the list), each announced in `status` for a polite live region. Rows carry `data-row` = position (1-based).
 */
export function useOrderedList<T>(
  items: readonly T[],
  setItems: (next: T[]) => void,
  nameOf: (item: T, i: number) => string,
  noun: string,
) {
  const [status, setStatus] = useState('');
  const listRef = useRef<HTMLOListElement>(null);
  return {
    status,
    listRef,
    add(item: T) {
      const next = [...items, item];
      setItems(next);
      setStatus(`${noun} ${next.length} added.`);
      setTimeout(
        () => listRef.current?.querySelector<HTMLInputElement>(`[data-row="${next.length}"] input`)?.focus(),
        0,
      );
    },
    move(i: number, delta: -1 | 1) {
      const to = i + delta;
      const item = items[i];
      if (item === undefined || to < 0 || to >= items.length) return;
      setItems(moveItem([...items], i, to));
      setStatus(`${nameOf(item, i)} moved to position ${to + 1} of ${items.length}.`);
    },
    remove(i: number) {
      const item = items[i];
      if (item === undefined) return;
      setItems(items.filter((_, j) => j !== i));
      setStatus(`${nameOf(item, i)} removed.`);
      // The remove button is gone: focus the list (after a confirmation dialog has closed).
      setTimeout(() => listRef.current?.focus(), 0);
    },
  };
}
