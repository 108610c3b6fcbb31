import { describe, expect, it } from 'vitest';
import { storageKey } from '../../../shared/domain/answer-merge';
import { AnswerSync, type PageEvents, runAnswerSync, type SendResult, type SyncDeps } from './answer-sync';

const ID = 'app-1';

function harness(
  results: Array<SendResult | ((body: { answers: Record<string, unknown>; version: number }) => SendResult)>,
  online = true,
) {
  const store = new Map<string, string>();
  const timers: Array<{ fn: () => void; ms: number; live: boolean }> = [];
  const sent: Array<{
    kind: string;
    answers: Record<string, unknown>;
    version: number;
    keepalive?: boolean;
  }> = [];
  const deps: SyncDeps = {
    send: async (kind, body, options) => {
      sent.push({ kind, ...body, keepalive: options?.keepalive });
      const next = results.shift();
      if (!next) throw new Error('no more results');
      return typeof next === 'function' ? next(body) : next;
    },
    storage: {
      getItem: (k) => store.get(k) ?? null,
      setItem: (k, v) => void store.set(k, v),
      removeItem: (k) => void store.delete(k),
    },
    setTimer: (fn, ms) => {
      const t = { fn, ms, live: true };
      timers.push(t);
      return t;
    },
    clearTimer: (h) => {
      (h as { live: boolean }).live = false;
    },
    online: () => online,
    now: () => new Date('2026-06-01T00:00:00Z'),
    random: () => 1,
  };
  const live = () => timers.filter((t) => t.live);
  const fire = async () => {
    const t = live().at(-1);
    if (!t) throw new Error('no timer');
    t.live = false;
    t.fn();
    await new Promise((r) => setTimeout(r, 0));
  };
  return { deps, store, sent, live, fire };
}

const ok = (body: { answers: Record<string, unknown>; version: number }): SendResult => ({
  kind: 'ok',
  answers: body.answers,
  version: body.version + 1,
  status: 'draft',
});

describe('AnswerSync', () => {
  it('keeps each change in local storage and saves it after the delay; the acknowledgement clears it', async () => {
    const h = harness([ok]);
    const sync = new AnswerSync(
      { applicationId: ID, answers: {}, version: 1, autosave: true, delayMs: 30_000 },
      h.deps,
    );
    sync.set('a', 'x');
    expect(sync.getSnapshot().state).toBe('pending');
    expect(JSON.parse(h.store.get(storageKey(ID))!)).toMatchObject({ answers: { a: 'x' }, baseVersion: 1 });
    expect(h.live().map((t) => t.ms)).toEqual([30_000]);
    sync.set('b', 'y'); // restarts the delay
    expect(h.live()).toHaveLength(1);
    await h.fire();
    expect(h.sent).toEqual([{ kind: 'save', answers: { a: 'x', b: 'y' }, version: 1, keepalive: undefined }]);
    expect(sync.getSnapshot()).toMatchObject({ state: 'saved', version: 2 });
    expect(h.store.has(storageKey(ID))).toBe(false);
  });

  it('retries a failed save with growing delays, keeping the answers stored until acknowledged', async () => {
    const h = harness([{ kind: 'network' }, { kind: 'network' }, ok], false);
    const sync = new AnswerSync(
      { applicationId: ID, answers: {}, version: 4, autosave: true, delayMs: 10 },
      h.deps,
    );
    sync.set('a', 'x');
    await h.fire();
    expect(sync.getSnapshot().state).toBe('offline');
    expect(h.live().map((t) => t.ms)).toEqual([1000]);
    await h.fire();
    expect(h.live().map((t) => t.ms)).toEqual([2000]);
    expect(h.store.has(storageKey(ID))).toBe(true);
    sync.onOnline();
    await new Promise((r) => setTimeout(r, 0));
    expect(sync.getSnapshot()).toMatchObject({ state: 'saved', version: 5, answers: { a: 'x' } });
    expect(h.store.has(storageKey(ID))).toBe(false);
  });

  it('on 409 merges key by key (mine win, others take the server value), reports conflicts and saves again', async () => {
    const h = harness([
      { kind: 'stale', current: { answers: { a: 'theirs', b: 'server', c: 'same' }, version: 7 } },
      ok,
    ]);
    const sync = new AnswerSync(
      { applicationId: ID, answers: { a: 'base', c: 'same' }, version: 5, autosave: true, delayMs: 10 },
      h.deps,
    );
    sync.set('a', 'mine');
    sync.set('d', 'new');
    await sync.flush();
    expect(h.sent.map((s) => [s.answers, s.version])).toEqual([
      [{ a: 'mine', c: 'same', d: 'new' }, 5],
      [{ a: 'mine', b: 'server', c: 'same', d: 'new' }, 7],
    ]);
    expect(sync.getSnapshot()).toMatchObject({ state: 'saved', version: 8, conflicts: ['a'] });
  });

  it('offers an earlier visit’s unsaved answers and restores them over the server’s', () => {
    const h = harness([]);
    h.store.set(
      storageKey(ID),
      JSON.stringify({ answers: { a: 'typed', b: 'old' }, base: { b: 'old' }, baseVersion: 2, savedAt: '' }),
    );
    const sync = new AnswerSync(
      { applicationId: ID, answers: { b: 'newer' }, version: 3, autosave: false },
      h.deps,
    );
    expect(sync.getSnapshot().restorable).toBe(true);
    sync.set('c', 'now'); // typing before choosing keeps both in storage
    expect(JSON.parse(h.store.get(storageKey(ID))!).answers).toEqual({ a: 'typed', b: 'newer', c: 'now' });
    sync.restore();
    expect(sync.getSnapshot()).toMatchObject({
      restorable: false,
      answers: { a: 'typed', b: 'newer', c: 'now' },
    });
  });

  it('drops stored answers the server already has; a save sent on hide uses keepalive', async () => {
    const h = harness([ok]);
    h.store.set(
      storageKey(ID),
      JSON.stringify({ answers: { a: 'x' }, base: {}, baseVersion: 1, savedAt: '' }),
    );
    const sync = new AnswerSync(
      { applicationId: ID, answers: { a: 'x' }, version: 2, autosave: true },
      h.deps,
    );
    expect(sync.getSnapshot().restorable).toBe(false);
    expect(h.store.has(storageKey(ID))).toBe(false);
    sync.set('b', 'y');
    sync.onHide();
    await new Promise((r) => setTimeout(r, 0));
    expect(h.sent[0]).toMatchObject({ keepalive: true, answers: { a: 'x', b: 'y' } });
  });

  it('leaving the page sends the pending autosave at once (keepalive), also after a save in flight', async () => {
    const h = harness([ok, ok]);
    const sync = new AnswerSync({ applicationId: ID, answers: {}, version: 1, autosave: true }, h.deps);
    sync.set('a', 'x');
    sync.leave();
    await new Promise((r) => setTimeout(r, 0));
    expect(h.sent).toMatchObject([{ kind: 'save', keepalive: true, answers: { a: 'x' } }]);
    expect(h.live()).toHaveLength(0);

    const h2 = harness([ok, ok]);
    const busy = new AnswerSync({ applicationId: ID, answers: {}, version: 1, autosave: true }, h2.deps);
    busy.set('a', 'x');
    void busy.flush();
    busy.set('b', 'y');
    busy.leave();
    await new Promise((r) => setTimeout(r, 0));
    await new Promise((r) => setTimeout(r, 0));
    expect(h2.sent.map((s) => s.answers)).toEqual([{ a: 'x' }, { a: 'x', b: 'y' }]);
    expect(h2.sent[1].keepalive).toBe(true);
  });

  it('leaving with nothing pending, or outside autosave (editing a submitted one), sends nothing', async () => {
    const h = harness([ok]);
    new AnswerSync({ applicationId: ID, answers: {}, version: 1, autosave: true }, h.deps).leave();
    const editing = new AnswerSync({ applicationId: ID, answers: {}, version: 1, autosave: false }, h.deps);
    editing.set('a', 'x');
    editing.leave();
    await new Promise((r) => setTimeout(r, 0));
    expect(h.sent).toEqual([]);
  });

  it('a refusal for good (locked, invalid) is shown, kept locally and not retried', async () => {
    const h = harness([
      { kind: 'error', status: 409, message: 'Application is locked - deadline has passed' },
    ]);
    const sync = new AnswerSync(
      { applicationId: ID, answers: {}, version: 1, autosave: true, delayMs: 5 },
      h.deps,
    );
    sync.set('a', 'x');
    await sync.flush();
    expect(sync.getSnapshot()).toMatchObject({
      state: 'error',
      error: 'Application is locked - deadline has passed',
    });
    expect(h.live()).toHaveLength(0);
    expect(h.store.has(storageKey(ID))).toBe(true);
  });
});

describe('runAnswerSync (the application page effect)', () => {
  const page = (): PageEvents & { hidden(): void } => {
    const document = Object.assign(new EventTarget(), { visibilityState: 'visible' });
    return {
      document,
      window: new EventTarget(),
      hidden() {
        document.visibilityState = 'hidden';
        document.dispatchEvent(new Event('visibilitychange'));
      },
    };
  };

  it('survives a StrictMode remount (mount, clean up, mount): changes are still saved', async () => {
    const h = harness([ok, ok]);
    const sync = new AnswerSync(
      { applicationId: ID, answers: {}, version: 1, autosave: true, delayMs: 30_000 },
      h.deps,
    );
    const events = page();
    const cleanup = runAnswerSync(sync, events);
    cleanup();
    runAnswerSync(sync, events);

    sync.set('a', 'x');
    await h.fire();
    expect(h.sent).toEqual([{ kind: 'save', answers: { a: 'x' }, version: 1, keepalive: undefined }]);
    expect(sync.getSnapshot()).toMatchObject({ state: 'saved', version: 2 });

    // The remounted page still saves when the tab is hidden, and only once (one set of listeners).
    sync.set('b', 'y');
    events.hidden();
    await new Promise((r) => setTimeout(r, 0));
    expect(h.sent.slice(1)).toEqual([
      { kind: 'save', answers: { a: 'x', b: 'y' }, version: 2, keepalive: true },
    ]);
  });

  it('saves what is pending when the page is left for good, and then stops', async () => {
    const h = harness([ok]);
    const sync = new AnswerSync(
      { applicationId: ID, answers: {}, version: 1, autosave: true, delayMs: 30_000 },
      h.deps,
    );
    const events = page();
    const cleanup = runAnswerSync(sync, events);
    sync.set('a', 'x');
    cleanup();
    await new Promise((r) => setTimeout(r, 0));
    expect(h.sent).toEqual([{ kind: 'save', answers: { a: 'x' }, version: 1, keepalive: true }]);
    expect(h.live()).toHaveLength(0);
    events.hidden();
    expect(h.sent).toHaveLength(1);
  });
});
