import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useRef, useState } from 'react';
import {
  changedFields,
  type EditorState,
  type FieldConflict,
  fieldsOf,
  fieldsToSend,
  parseRatings,
  parseScore,
  type Resolution,
  type ReviewField,
  receiveVersion,
  resolveConflict,
  SCORE_MAX,
  SCORE_MIN,
  SCORE_RANGE_MESSAGE,
  saveBlockedMessage,
} from '../../../shared/domain/reviews';
import type { Review, ReviewDetail } from '../../../shared/schemas/reviews';
import { ApiError } from '../../lib/api';
import { useTopic } from '../../lib/realtime';
import { reviewDetailQuery, reviewListsKey, type SaveReviewBody, saveReview } from './api';

/** The spec's live-update rule: refetch 500 ms after a change, unless this tab saved in the last 2 s. */
export const REFETCH_DELAY_MS = 500;
export const OWN_SAVE_WINDOW_MS = 2000;

export type SaveState = 'idle' | 'saving' | 'saved' | 'error';
export type Conflict = FieldConflict;

const empty = (): EditorState => ({ base: fieldsOf(null), fields: fieldsOf(null), conflicts: [] });

/**
 * The collaborative Review panel's state. The panel edits text based on one server version. When a
 * newer version arrives (someone else saved, or our save met 409) it is merged per field with the
 * pure rules in `shared/domain/reviews`: fields only they changed take theirs, fields only we changed
 * keep ours, a field both changed stays in conflict until the reviewer chooses. A save sends only the
 * fields changed here and never one in conflict; after a 409 it is retried once, on the new version,
 * only when nothing is in conflict, and only after the merge has been applied.
 */
export function useReviewEditor(
  applicationId: string,
  detail: ReviewDetail | undefined,
  refetch: () => Promise<ReviewDetail | undefined>,
) {
  const queryClient = useQueryClient();
  const [state, setStateRaw] = useState<EditorState>(empty);
  const [review, setReviewRaw] = useState<Review | null>(null);
  const [saveState, setSaveState] = useState<SaveState>('idle');
  const [notice, setNotice] = useState<string | null>(null);
  const [scoreError, setScoreError] = useState<string | null>(null);
  const [loaded, setLoaded] = useState(false);
  /** The latest state for callbacks that outlive a render; updated together with React state. */
  const live = useRef({ state, review });
  const setState = useCallback((next: EditorState) => {
    live.current.state = next;
    setStateRaw(next);
  }, []);
  const setReview = useCallback((next: Review | null) => {
    live.current.review = next;
    setReviewRaw(next);
  }, []);
  const lastSaveAt = useRef(0);

  /** A server version arrives: merge it with what is typed here. */
  const adopt = useCallback(
    (next: Review | null) => {
      const { state: current, review: held } = live.current;
      if (held && next && next.version <= held.version && next.status === held.status) return;
      const theirs = fieldsOf(next);
      if (next?.status === 'submitted') {
        // Finalized: the inputs show the final review; anything typed here that differs is shown aside.
        const typed = changedFields(current.base, current.fields).filter(
          (f) => current.fields[f] !== theirs[f],
        );
        setState({
          base: theirs,
          fields: theirs,
          conflicts: typed.map((field) => ({ field, theirs: current.fields[field] })),
        });
      } else {
        setState(receiveVersion(current, theirs));
      }
      setReview(next);
    },
    [setState, setReview],
  );

  // First load and every refetch.
  useEffect(() => {
    if (!detail) return;
    if (!loaded) {
      const initial = fieldsOf(detail.review);
      setState({ base: initial, fields: initial, conflicts: [] });
      setReview(detail.review);
      setLoaded(true);
      return;
    }
    adopt(detail.review);
  }, [detail, loaded, adopt, setState, setReview]);

  // Live collaboration.
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  useTopic(`review:${applicationId}`, (data) => {
    // The echo of this tab's own save is skipped (the spec's 2 s rule). An event that announces a
    // version newer than the one this tab holds is someone else's save: it is never skipped.
    const version = (data as { version?: unknown } | null)?.version;
    const newer = typeof version === 'number' && version > (live.current.review?.version ?? 0);
    if (!newer && Date.now() - lastSaveAt.current < OWN_SAVE_WINDOW_MS) return;
    clearTimeout(timer.current);
    timer.current = setTimeout(() => void refetch(), REFETCH_DELAY_MS);
  });
  useEffect(() => () => clearTimeout(timer.current), []);

  const save = useCallback(
    async ({ finalize = false }: { finalize?: boolean } = {}, retried = false): Promise<boolean> => {
      if (!detail) return false;
      const blocked = saveBlockedMessage(live.current.state.conflicts);
      if (blocked) {
        setNotice(blocked);
        return false;
      }
      const config = detail.reviewer_form;
      const sent = live.current.state.fields;
      const { send } = fieldsToSend(live.current.state);
      const body: SaveReviewBody = { version: live.current.review?.version ?? 0 };
      if (config.show_score && send.includes('score')) {
        const score = parseScore(sent.score);
        if (score !== null && (Number.isNaN(score) || score < SCORE_MIN || score > SCORE_MAX)) {
          setScoreError(Number.isNaN(score) ? 'Enter a number.' : SCORE_RANGE_MESSAGE);
          setSaveState('error');
          return false;
        }
        body.score = score;
      }
      setScoreError(null);
      if (config.show_comments && send.includes('comments'))
        body.comments = sent.comments.trim() ? sent.comments : null;
      const ratings = send.includes('ratings') ? parseRatings(sent.ratings) : null;
      if (ratings) body.ratings = ratings; // Invalid JSON is ignored.
      if (finalize) body.finalize = true;
      setSaveState('saving');
      setNotice(null);
      try {
        const saved = await saveReview(applicationId, body);
        lastSaveAt.current = Date.now();
        const theirs = fieldsOf(saved);
        // What was sent is now the base; whatever was typed while the save was on its way stays.
        const now = live.current.state;
        const fields = { ...theirs };
        for (const f of changedFields(sent, now.fields)) fields[f] = now.fields[f];
        setState({ base: theirs, fields, conflicts: now.conflicts });
        setReview(saved);
        queryClient.setQueryData(reviewDetailQuery(applicationId).queryKey, (old) =>
          old ? { ...old, review: saved } : old,
        );
        void queryClient.invalidateQueries({ queryKey: reviewListsKey });
        setSaveState('saved');
        return true;
      } catch (err) {
        if (!(err instanceof ApiError && err.status === 409)) {
          setSaveState('error');
          return false;
        }
        lastSaveAt.current = 0;
        setNotice(err.message);
        // Merge the current version first; only then decide whether the save may be repeated.
        const fresh = await refetch();
        if (fresh) adopt(fresh.review);
        const after = live.current;
        setSaveState('idle');
        if (retried || !after.review || after.review.status === 'submitted') return false;
        const { send: again, autoRetry } = fieldsToSend(after.state);
        if (!autoRetry || (again.length === 0 && !finalize)) return false;
        return save({ finalize }, true);
      }
    },
    [applicationId, detail, queryClient, refetch, adopt, setState, setReview],
  );

  const update = useCallback(
    (field: ReviewField, value: string) => {
      const current = live.current.state;
      setState({ ...current, fields: { ...current.fields, [field]: value } });
      setSaveState((s) => (s === 'saved' || s === 'error' ? 'idle' : s));
    },
    [setState],
  );

  const resolve = useCallback(
    (field: ReviewField, choice: Resolution) => {
      const current = live.current.state;
      const next = resolveConflict(current, field, choice);
      setState(next);
      if (next.conflicts.length === 0) setNotice(null);
    },
    [setState],
  );

  return {
    loaded,
    fields: state.fields,
    review,
    locked: review?.status === 'submitted',
    saveState,
    conflicts: state.conflicts,
    notice,
    scoreError,
    dirty: changedFields(state.base, state.fields).length > 0,
    update,
    save,
    resolve,
  };
}
