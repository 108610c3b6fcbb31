import {
  AUTOSAVE_DELAY_MS,
  backoffDelay,
  mergeAnswers,
  parseStored,
  type StoredAnswers,
  sameAnswers,
  storageKey,
} from '../../../shared/domain/answer-merge';

type Answers = Record<string, unknown>;

/** What one PUT/POST of the answers came back with. */
export type SendResult =
  | { kind: 'ok'; answers: Answers; version: number; status: string }
  | { kind: 'stale'; current: { answers: Answers; version: number } }
  | {
      kind: 'refused';
      message: string;
      problems: { required: string[]; profile: string[] };
      current: { answers: Answers; version: number };
    }
  | { kind: 'network' }
  | { kind: 'error'; status: number; message: string };

export type SaveState = 'clean' | 'pending' | 'saving' | 'saved' | 'offline' | 'retrying' | 'error';

export interface SyncSnapshot {
  answers: Answers;
  version: number;
  state: SaveState;
  /** The server's message when a save was refused for good (locked window, invalid answer). */
  error: string | null;
  /** Question keys both this page and another tab changed; this page's values were kept. */
  conflicts: string[];
  /** Unsaved answers found in local storage from an earlier visit, waiting for Restore or Discard. */
  restorable: boolean;
}

export interface SyncDeps {
  send: (
    kind: 'save' | 'submit',
    body: { answers: Answers; version: number },
    options?: { keepalive?: boolean },
  ) => Promise<SendResult>;
  storage: Pick<Storage, 'getItem' | 'setItem' | 'removeItem'> | null;
  setTimer: (fn: () => void, ms: number) => unknown;
  clearTimer: (handle: unknown) => void;
  online: () => boolean;
  now: () => Date;
  random?: () => number;
}

export interface SyncOptions {
  applicationId: string;
  answers: Answers;
  version: number;
  /** Timed saves and saves on hide/unload (drafts); off in 'Edit Application' mode until Save. */
  autosave: boolean;
  delayMs?: number;
  /** 404 on a save: the application is not (or no longer) the caller's. */
  onGone?: () => void;
}

/**
 * The page's answers and their way to the server. Nothing typed is lost: every change is written to
 * local storage with the server version it is based on, and removed only once the server has
 * acknowledged exactly those answers. Saves run one at a time; a failed save is retried with backoff
 * (and at once when the browser comes back online); a stale version is merged key by key (keys
 * changed here win, the others take the server's value) and saved again.
 */
export class AnswerSync {
  private base: { answers: Answers; version: number };
  private local: Answers;
  private state: SaveState = 'clean';
  private error: string | null = null;
  private conflicts: string[] = [];
  private stored: StoredAnswers | null = null;
  private timer: unknown = null;
  private attempt = 0;
  private inflight: Promise<SendResult | null> | null = null;
  private again = false;
  private listeners = new Set<() => void>();
  private snapshot: SyncSnapshot;
  private stopped = false;

  constructor(
    private readonly options: SyncOptions,
    private readonly deps: SyncDeps,
  ) {
    this.base = { answers: options.answers, version: options.version };
    this.local = options.answers;
    const stored = parseStored(this.read());
    if (stored && !sameAnswers(stored.answers, options.answers)) this.stored = stored;
    else if (stored) this.remove();
    this.snapshot = this.build();
  }

  // ---- for React (useSyncExternalStore)
  subscribe = (listener: () => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };
  getSnapshot = () => this.snapshot;

  get dirty() {
    return !sameAnswers(this.local, this.base.answers);
  }
  get version() {
    return this.base.version;
  }

  setAutosave(on: boolean) {
    this.options.autosave = on;
    if (!on) this.cancelTimer();
    else if (this.dirty) this.schedule(this.delay());
  }

  /** One answer changed on screen. */
  set(key: string, value: unknown) {
    const next = { ...this.local };
    if (value === null || value === undefined || value === '') delete next[key];
    else next[key] = value;
    this.local = next;
    this.persist();
    this.state = 'pending';
    this.error = null;
    if (this.options.autosave) this.schedule(this.delay());
    this.emit();
  }

  /** Take the answers found in local storage (merged over what the server has now). */
  restore() {
    if (!this.stored) return;
    this.local = this.withStored();
    this.stored = null;
    this.persist();
    this.state = this.dirty ? 'pending' : 'saved';
    if (this.dirty && this.options.autosave) this.schedule(0);
    this.emit();
  }

  discardStored() {
    this.stored = null;
    if (this.dirty) this.persist();
    else this.remove();
    this.emit();
  }

  /** Back to the server's answers (Cancel in edit mode). */
  revert() {
    this.cancelTimer();
    this.local = this.base.answers;
    this.remove();
    this.state = 'clean';
    this.error = null;
    this.conflicts = [];
    this.emit();
  }

  dismissConflicts() {
    this.conflicts = [];
    this.emit();
  }

  /** The browser is online again: retry now instead of waiting for the backoff. */
  onOnline() {
    if (this.dirty && (this.state === 'offline' || this.state === 'retrying')) void this.flush();
  }

  /** The tab is hidden or the page is going away: send what is unsaved, with keepalive. */
  onHide() {
    if (this.options.autosave && this.dirty) void this.flush({ keepalive: true });
  }

  /**
   * Sends the answers now (one save at a time). Resolves with the last result, or null when there
   * was nothing to send.
   */
  async flush(options: { keepalive?: boolean } = {}): Promise<SendResult | null> {
    if (this.stopped) return null;
    if (this.inflight) {
      this.again = true;
      return this.inflight;
    }
    this.cancelTimer();
    if (!this.dirty) {
      this.remove();
      if (this.state !== 'clean') this.state = 'saved';
      this.emit();
      return null;
    }
    this.inflight = this.saveOnce(options);
    const result = await this.inflight;
    this.inflight = null;
    if (this.again) {
      this.again = false;
      if (this.dirty && this.state !== 'error') return this.flush();
    }
    return result;
  }

  private async saveOnce(options: { keepalive?: boolean }): Promise<SendResult> {
    const sent = this.local;
    this.state = 'saving';
    this.emit();
    const result = await this.deps.send('save', { answers: sent, version: this.base.version }, options);
    this.apply(result, sent);
    return result;
  }

  /** Submit: waits for a save in flight, then sends the answers with the current version. */
  async submit(): Promise<SendResult> {
    this.cancelTimer();
    if (this.inflight) await this.inflight;
    const sent = this.local;
    this.state = 'saving';
    this.emit();
    const result = await this.deps.send('submit', { answers: sent, version: this.base.version });
    this.apply(result, sent);
    return result;
  }

  /**
   * The page is shown (again): saves run. React's StrictMode mounts, cleans up (leave) and mounts the
   * page again in development, so the engine must start again after a leave.
   */
  start() {
    this.stopped = false;
    if (this.options.autosave && this.dirty && this.timer === null) this.schedule(this.delay());
  }

  stop() {
    this.stopped = true;
    this.cancelTimer();
  }

  /**
   * The page is left through the app's own links (spec 001 §4: save when the page is left): the
   * pending autosave is sent now with keepalive, after a save still in flight, and the engine stops.
   */
  leave() {
    if (this.stopped) return;
    const inflight = this.inflight;
    this.stop();
    if (!this.options.autosave) return;
    const send = () => (this.dirty ? this.saveOnce({ keepalive: true }) : null);
    void (inflight ? inflight.then(send, send) : send());
  }

  private apply(result: SendResult, sent: Answers) {
    switch (result.kind) {
      case 'ok':
      case 'refused': {
        const server = result.kind === 'ok' ? result : result.current;
        this.base = { answers: server.answers, version: server.version };
        // The server cleans answers (cuts text to its limit): show its values for what was sent.
        if (sameAnswers(this.local, sent)) this.local = server.answers;
        this.attempt = 0;
        this.error = null;
        if (this.dirty) {
          this.persist();
          this.state = 'pending';
          if (this.options.autosave) this.schedule(this.delay());
        } else {
          this.remove();
          this.state = 'saved';
        }
        break;
      }
      case 'stale': {
        const merged = mergeAnswers(this.base.answers, this.local, result.current.answers);
        this.base = result.current;
        this.local = merged.answers;
        this.conflicts = [...new Set([...this.conflicts, ...merged.conflicts])].sort();
        this.attempt = 0;
        if (this.dirty) {
          this.persist();
          this.state = 'pending';
          // Saved again at once (a submit is left to the user, who sees the merged answers).
          this.again = true;
        } else {
          this.remove();
          this.state = 'saved';
        }
        break;
      }
      case 'network': {
        this.attempt += 1;
        this.state = this.deps.online() ? 'retrying' : 'offline';
        this.schedule(backoffDelay(this.attempt, { random: this.deps.random }));
        break;
      }
      case 'error': {
        if (result.status === 404) this.options.onGone?.();
        if (result.status >= 500 || result.status === 429) {
          this.attempt += 1;
          this.state = 'retrying';
          this.schedule(backoffDelay(this.attempt, { random: this.deps.random }));
        } else {
          // Refused for good (locked window, invalid answer): kept locally, not retried.
          this.state = 'error';
          this.error = result.message;
        }
        break;
      }
    }
    this.emit();
  }

  private delay() {
    return this.options.delayMs ?? AUTOSAVE_DELAY_MS;
  }

  private schedule(ms: number) {
    this.cancelTimer();
    this.timer = this.deps.setTimer(() => {
      this.timer = null;
      void this.flush();
    }, ms);
  }

  private cancelTimer() {
    if (this.timer !== null) this.deps.clearTimer(this.timer);
    this.timer = null;
  }

  private read(): string | null {
    try {
      return this.deps.storage?.getItem(storageKey(this.options.applicationId)) ?? null;
    } catch {
      return null;
    }
  }

  /**
   * The answers on screen with an earlier visit's unsaved answers under them: what Restore gives,
   * keeping anything typed since (the earlier answers are merged over the server's as of now).
   */
  private withStored(): Answers {
    const stored = this.stored;
    if (!stored) return this.local;
    const earlier =
      stored.baseVersion === this.base.version
        ? stored.answers
        : mergeAnswers(stored.base, stored.answers, this.base.answers).answers;
    return mergeAnswers(this.base.answers, this.local, earlier).answers;
  }

  private persist() {
    const value: StoredAnswers = {
      // While Restore/Discard waits, the earlier answers stay stored under the new ones.
      answers: this.withStored(),
      base: this.base.answers,
      baseVersion: this.base.version,
      savedAt: this.deps.now().toISOString(),
    };
    try {
      this.deps.storage?.setItem(storageKey(this.options.applicationId), JSON.stringify(value));
    } catch {
      // Storage full or blocked: the page still holds the answers and keeps saving.
    }
  }

  private remove() {
    if (this.stored) return; // an earlier visit's answers wait for the user's choice
    try {
      this.deps.storage?.removeItem(storageKey(this.options.applicationId));
    } catch {
      // ignore
    }
  }

  private build(): SyncSnapshot {
    return {
      answers: this.local,
      version: this.base.version,
      state: this.state,
      error: this.error,
      conflicts: this.conflicts,
      restorable: !!this.stored,
    };
  }

  private emit() {
    this.snapshot = this.build();
    for (const l of this.listeners) l();
  }
}

/** Where the page's events come from: the document (visibility) and the window (pagehide, online). */
export interface PageEvents {
  document: EventTarget & { readonly visibilityState: string };
  window: EventTarget;
}

/**
 * The application page's effect: runs the engine while the page is mounted, saving when the tab is
 * hidden or the page unloads and retrying when the browser is back online. Its cleanup saves what is
 * pending (the page is left through the app's own links) and stops the engine, which a remount
 * (StrictMode in development) starts again.
 */
export function runAnswerSync(sync: AnswerSync, page: PageEvents): () => void {
  const hide = () => {
    if (page.document.visibilityState === 'hidden') sync.onHide();
  };
  const pagehide = () => sync.onHide();
  const online = () => sync.onOnline();
  sync.start();
  page.document.addEventListener('visibilitychange', hide);
  page.window.addEventListener('pagehide', pagehide);
  page.window.addEventListener('online', online);
  return () => {
    page.document.removeEventListener('visibilitychange', hide);
    page.window.removeEventListener('pagehide', pagehide);
    page.window.removeEventListener('online', online);
    sync.leave();
  };
}
