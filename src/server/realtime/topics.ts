import type { Actor } from '../../shared/policy';
import type { Db } from '../db/client';
import { canWatchThread } from '../messages/service';
import { canWatchProgram } from '../programs/access';
import { canWatchNotifications } from '../results/service';
import { canWatchReview, mayReviewAnything, reviewsEventFilter } from '../reviews/service';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Decides whether a signed-in, onboarded actor may watch one topic. */
type TopicRule = (db: Db, actor: Actor, param: string) => boolean | Promise<boolean>;

/**
 * Topic prefix → rule. A topic is `<prefix>:<param>` (`program:<uuid>`) or a bare prefix (`reviews`,
 * param ''). Adding a topic is one entry here, and an entry's rule must call the area's own access
 * check (the same one its routes use), never re-implement it.
 */
const topicRules: Record<string, TopicRule> = {
  program: (db, actor, id) => UUID.test(id) && canWatchProgram(db, actor, id),
  // A user's own notifications (results published to them): that user alone.
  notifications: (_db, actor, userId) => UUID.test(userId) && canWatchNotifications(actor, userId),
  // One application's shared review: whoever may read that review.
  review: (db, actor, id) => UUID.test(id) && canWatchReview(db, actor, id),
  // Any change to a review or a program: the lists refetch through their own authorized endpoints.
  reviews: (_db, actor, param) => param === '' && mayReviewAnything(actor),
  // One application's message thread: whoever may read it (the read gate, then the program's setting).
  messages: (db, actor, id) => UUID.test(id) && canWatchThread(db, actor, id),
};

/** Decides, event by event, whether a subscribed listener hears it (its data as published). */
export type EventFilter = (data: unknown) => Promise<boolean>;

/**
 * Topic prefix → the filter of each stream watching it, for topics whose events concern things the
 * listener may not all read (DESIGN.md §5 rule 12: a listener hears only what it may read, checked
 * with the same gate as the reads, when the event is sent, so access ends when it is taken away).
 */
const topicFilters: Record<string, (db: Db, actor: Actor, param: string) => EventFilter> = {
  // Events of every program: only those of programs, and applications, the listener may read.
  reviews: (db, actor) => reviewsEventFilter(db, actor),
  // One application's review: still readable (not unassigned or recused since subscribing).
  review: (db, actor, id) => () => canWatchReview(db, actor, id),
  messages: (db, actor, id) => () => canWatchThread(db, actor, id),
};

/** The filter for a stream watching `topic` (already authorized), or null when every event may be heard. */
export function eventFilter(db: Db, actor: Actor, topic: string): EventFilter | null {
  const colon = topic.indexOf(':');
  const prefix = colon === -1 ? topic : topic.slice(0, colon);
  const param = colon === -1 ? '' : topic.slice(colon + 1);
  return Object.hasOwn(topicFilters, prefix) ? topicFilters[prefix](db, actor, param) : null;
}

/** Longest topic name accepted (Postgres NOTIFY payloads are limited, and topics are short). */
export const MAX_TOPIC_LENGTH = 200;

/** Unknown topics, malformed params and topics the actor may not see are all refused (false). */
export async function authorizeTopic(db: Db, actor: Actor, topic: string): Promise<boolean> {
  if (topic.length === 0 || topic.length > MAX_TOPIC_LENGTH) return false;
  const colon = topic.indexOf(':');
  const prefix = colon === -1 ? topic : topic.slice(0, colon);
  const param = colon === -1 ? '' : topic.slice(colon + 1);
  const rule = Object.hasOwn(topicRules, prefix) ? topicRules[prefix] : undefined;
  if (!rule) return false;
  return (await rule(db, actor, param)) === true;
}
