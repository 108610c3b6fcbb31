import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useRef, useState } from 'react';
import {
  changedFields,
  fieldsOf,
  mergeReview,
  parseRatings,
  parseScore,
  type ReviewField,
  type ReviewFields,
} from '../../../shared/domain/reviews';
import type { Review, ReviewDetail } from '../../../shared/schemas/reviews';
import { ApiError } from '../../lib/api';
import { useTopic } from '../../lib/realtime';
import { reviewDetailQuery, reviewListsKey, type SaveReviewBody, saveReview } from './api';

/** The spec's live-update rule: refetch 500 ms after a change, unless this tab saved in the last 2 s. */
export const REFETCH_DELAY_MS = 500;
export const OWN_SAVE_WINDOW_MS = 2000;

export type SaveState = 'idle' | 'saving' | 'saved' | 'error';

export interface Conflict {
  field: ReviewField;
  theirs: string;
}

/**
 * The collaborative Review panel's state. The panel edits text (`fields`) based on one server version
 * (`base`, `version`). When a newer version arrives (someone else saved, or our save met 409), the two
 * are merged per field: fields only they changed take theirs, fields only we changed keep ours, and a
 * field both changed keeps our text with theirs shown beside it. Nothing typed is dropped. After a
 * conflict-free 409 the save is retried once on the new version.
 */
export function useReviewEditor(
  applicationId: string,
  detail: ReviewDetail | undefined,
  refetch: () => unknown,
) {
  const queryClient = useQueryClient();
  const [fields, setFields] = useState<ReviewFields>(() => fieldsOf(null));
  const [base, setBase] = useState<ReviewFields>(() => fieldsOf(null));
  const [review, setReview] = useState<Review | null>(null);
  const [saveState, setSaveState] = useState<SaveState>('idle');
  const [conflicts, setConflicts] = useState<Conflict[]>([]);
  const [notice, setNotice] = useState<string | null>(null);
  const [scoreError, setScoreError] = useState<string | null>(null);
  const [loaded, setLoaded] = useState(false);
  /** Latest values for callbacks that outlive a render. */
  const live = useRef({ fields, base, review });
  live.current = { fields, base, review };
  const lastSaveAt = useRef(0);
  const retryAfterConflict = useRef<null | { finalize: boolean }>(null);

  /** A server version arrives: adopt it, merging with what is typed here. */
  const adopt = useCallback((next: Review | null) => {
    const { fields: mine, base: from, review: current } = live.current;
    if (current && next && next.version === current.version) return;
    const theirs = fieldsOf(next);
    if (next?.status === 'submitted') {
      // Finalized: the inputs show the final review; anything typed here that differs is kept on screen.
      const typed = changedFields(from, mine).filter((f) => mine[f] !== theirs[f]);
      setConflicts(typed.map((field) => ({ field, theirs: mine[field] })));
      setFields(theirs);
    } else {
      const merged = mergeReview(from, mine, theirs);
      setFields(merged.merged);
      setConflicts((old) => {
        const byField = new Map(old.map((c) => [c.field, c]));
        for (const c of merged.conflicts) byField.set(c.field, c);
        // A field whose text now equals theirs is settled.
        return [...byField.values()].filter((c) => merged.merged[c.field] !== theirs[c.field]);
      });
    }
    setBase(theirs);
    setReview(next);
    live.current = { fields: live.current.fields, base: theirs, review: next };
  }, []);

  // First load and every refetch.
  useEffect(() => {
    if (!detail) return;
    if (!loaded) {
      const initial = fieldsOf(detail.review);
      setFields(initial);
      setBase(initial);
      setReview(detail.review);
      live.current = { fields: initial, base: initial, review: detail.review };
      setLoaded(true);
      return;
    }
    adopt(detail.review);
  }, [detail, loaded, adopt]);

  // Live collaboration.
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  useTopic(`review:${applicationId}`, (data) => {
    // The echo of this tab's own save is skipped (the spec's 2 s rule). An event that announces a
    // version newer than the one this tab holds is someone else's save: it is never skipped, or a save
    // that lands right after ours would stay unseen.
    const version = (data as { version?: unknown } | null)?.version;
    const newer = typeof version === 'number' && version > (live.current.review?.version ?? 0);
    if (!newer && Date.now() - lastSaveAt.current < OWN_SAVE_WINDOW_MS) return;
    clearTimeout(timer.current);
    timer.current = setTimeout(() => void refetch(), REFETCH_DELAY_MS);
  });
  useEffect(() => () => clearTimeout(timer.current), []);

  const save = useCallback(
    async ({ finalize = false }: { finalize?: boolean } = {}): Promise<boolean> => {
      if (!detail) return false;
      const config = detail.reviewer_form;
      const sent = live.current.fields;
      const body: SaveReviewBody = { version: live.current.review?.version ?? 0 };
      if (config.show_score) {
        const score = parseScore(sent.score);
        if (Number.isNaN(score)) {
          setScoreError('Enter a number.');
          setSaveState('error');
          return false;
        }
        body.score = score;
      }
      setScoreError(null);
      if (config.show_comments) body.comments = sent.comments.trim() ? sent.comments : null;
      const ratings = parseRatings(sent.ratings);
      if (ratings) body.ratings = ratings; // Invalid JSON is ignored.
      if (finalize) body.finalize = true;
      setSaveState('saving');
      setNotice(null);
      try {
        const saved = await saveReview(applicationId, body);
        lastSaveAt.current = Date.now();
        const theirs = fieldsOf(saved);
        // Keep whatever was typed while the save was on its way.
        const now = live.current.fields;
        const merged = mergeReview(sent, now, theirs).merged;
        setFields(merged);
        setBase(theirs);
        setReview(saved);
        setConflicts((old) => old.filter((c) => changedFields(theirs, merged).includes(c.field)));
        live.current = { fields: merged, base: theirs, review: saved };
        queryClient.setQueryData(reviewDetailQuery(applicationId).queryKey, (old) =>
          old ? { ...old, review: saved } : old,
        );
        void queryClient.invalidateQueries({ queryKey: reviewListsKey });
        setSaveState('saved');
        return true;
      } catch (err) {
        if (err instanceof ApiError && err.status === 409) {
          lastSaveAt.current = 0;
          setSaveState('idle');
          setNotice(err.message);
          retryAfterConflict.current = { finalize };
          await refetch();
          return false;
        }
        setSaveState('error');
        return false;
      }
    },
    [applicationId, detail, queryClient, refetch],
  );

  // After a 409 and the merge: save again on the new version when nothing conflicts (never when finalized).
  useEffect(() => {
    const retry = retryAfterConflict.current;
    if (!retry || !review) return;
    retryAfterConflict.current = null;
    if (review.status === 'submitted' || conflicts.length > 0) return;
    if (changedFields(base, fields).length === 0 && !retry.finalize) return;
    void save({ finalize: retry.finalize });
  }, [review, conflicts, base, fields, save]);

  const update = useCallback((field: ReviewField, value: string) => {
    setFields((f) => ({ ...f, [field]: value }));
    setSaveState((s) => (s === 'saved' ? 'idle' : s));
  }, []);

  const takeTheirs = useCallback((conflict: Conflict) => {
    setFields((f) => ({ ...f, [conflict.field]: live.current.base[conflict.field] }));
    setConflicts((old) => old.filter((c) => c.field !== conflict.field));
  }, []);

  const dismissConflict = useCallback((conflict: Conflict) => {
    setConflicts((old) => old.filter((c) => c.field !== conflict.field));
  }, []);

  return {
    loaded,
    fields,
    review,
    locked: review?.status === 'submitted',
    saveState,
    conflicts,
    notice,
    scoreError,
    dirty: changedFields(base, fields).length > 0,
    update,
    save,
    takeTheirs,
    dismissConflict,
  };
}
