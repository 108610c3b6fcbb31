/**
 * Every area's job handlers, loaded for their registrations (`registerJobHandler`): the schema
 * installer creates their queues and the workers work them. Adding a queue is one import here.
 */
import '../mail/deliver';
import '../mail/reminders';
import '../letters/reminders';
import '../webhooks/deliver';
import '../privacy/retention';
