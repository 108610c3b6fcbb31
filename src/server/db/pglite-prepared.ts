import {
  type PGlite,
  parse,
  protocol,
  type QueryOptions,
  type Results,
  type Transaction,
} from '@electric-sql/pglite';
import { MAX_PREPARED_PER_CONNECTION } from './prepared-limit';

type Message = Parameters<typeof parse.parseResults>[0][number];
type Parsers = Parameters<typeof parse.parseResults>[1];

/** What PGlite keeps to itself but every query of its own uses (its locks, readiness and type maps). */
interface PgliteInternals {
  _checkReady(): Promise<void>;
  _runExclusiveTransaction<T>(fn: () => Promise<T>): Promise<T>;
  _runExclusiveQuery<T>(fn: () => Promise<T>): Promise<T>;
  execProtocolStream(message: Uint8Array, options?: { syncToFs?: boolean }): Promise<Message[]>;
  syncToFs(): Promise<void>;
  serializers: Record<number, (value: unknown) => string>;
  parsers: Parsers;
}

type Query = <T>(text: string, params?: unknown[], options?: QueryOptions) => Promise<Results<T>>;

interface Prepared {
  name: string;
  /** The parameters' type ids, as PostgreSQL inferred them: each value is written for its type. */
  paramTypes: number[];
}

/**
 * PGlite with named prepared statements (decision 047), the embedded counterpart of the pg client's
 * (decision 030). PGlite's own `query` sends Parse, Describe, Bind, Describe, Execute and Sync as six
 * separate calls into the engine and plans the statement on every call: for a short read that is most
 * of its cost. Here a parameterised statement is parsed and described once (named, up to the same cap
 * as on PostgreSQL) and each call is then one batch of Bind, Describe, Execute and Sync, run on a plan
 * PostgreSQL may keep; a statement without parameters is one batch of Parse, Bind, Describe, Execute
 * and Sync. File (blob) queries and whatever is past the cap keep PGlite's own path; locks, errors,
 * notifications and the file-system sync are PGlite's own.
 */
export function preparePglite(pglite: PGlite, max = MAX_PREPARED_PER_CONNECTION): void {
  const engine = pglite as unknown as PgliteInternals;
  const statements = new Map<string, Prepared>();

  const prepare = async (text: string, options: QueryOptions | undefined): Promise<Prepared> => {
    const known = statements.get(text);
    if (known) return known;
    const name = `applyhub_${statements.size + 1}`;
    const messages = await engine.execProtocolStream(
      concat([
        protocol.serialize.parse({ name, text, types: options?.paramTypes }),
        protocol.serialize.describe({ type: 'S', name }),
        protocol.serialize.sync(),
      ]),
      { syncToFs: false },
    );
    const prepared = { name, paramTypes: parse.parseDescribeStatementResults(messages) };
    statements.set(text, prepared);
    return prepared;
  };

  /** Runs `text` in one batch (on its named statement when it has parameters); the caller holds PGlite's query lock. */
  const run = async <T>(text: string, params: unknown[], options: QueryOptions | undefined) => {
    try {
      const batch: Uint8Array[] = [];
      if (params.length) {
        const { name, paramTypes } = await prepare(text, options);
        const values = params.map((value, i) => {
          if (value === null || value === undefined) return null;
          const serialize = options?.serializers?.[paramTypes[i]] ?? engine.serializers[paramTypes[i]];
          return serialize ? serialize(value) : String(value);
        });
        batch.push(protocol.serialize.bind({ statement: name, values: values as string[] }));
      } else {
        // Nothing to bind: the unnamed statement, parsed and run in the same batch.
        batch.push(protocol.serialize.parse({ text }), protocol.serialize.bind({}));
      }
      batch.push(
        protocol.serialize.describe({ type: 'P' }),
        protocol.serialize.execute({}),
        protocol.serialize.sync(),
      );
      const messages = await engine.execProtocolStream(concat(batch), { syncToFs: false });
      return resultOf<T>(messages, engine.parsers, options);
    } catch (e) {
      // PGlite's own errors carry the query, as its query() does.
      if (e && typeof e === 'object' && 'severity' in e)
        Object.assign(e, { query: text, params, queryOptions: options });
      throw e;
    }
  };

  /** Whether `run` takes the query: not a file (blob) query, and a parameterised one only within the cap. */
  const usable = (text: string, params: unknown[] | undefined, options: QueryOptions | undefined) =>
    !options?.blob && (!params?.length || statements.has(text) || statements.size < max);

  const query = pglite.query.bind(pglite) as Query;
  (pglite as { query: Query }).query = async <T>(
    text: string,
    params?: unknown[],
    options?: QueryOptions,
  ) => {
    if (!usable(text, params, options)) return query<T>(text, params, options);
    await engine._checkReady();
    return engine._runExclusiveTransaction(() =>
      engine._runExclusiveQuery(async () => {
        const result = await run<T>(text, params ?? [], options);
        await engine.syncToFs();
        return result;
      }),
    );
  };

  // Inside a transaction PGlite holds its transaction lock and syncs the files at COMMIT.
  const transaction = pglite.transaction.bind(pglite);
  pglite.transaction = (<T>(callback: (tx: Transaction) => Promise<T>) =>
    transaction((tx) => {
      const txQuery = tx.query.bind(tx) as Query;
      (tx as { query: Query }).query = async <T>(
        text: string,
        params?: unknown[],
        options?: QueryOptions,
      ) => {
        if (tx.closed || !usable(text, params, options)) return txQuery<T>(text, params, options);
        return engine._runExclusiveQuery(() => run<T>(text, params ?? [], options));
      };
      return callback(tx);
    })) as PGlite['transaction'];
}

/**
 * The result of one statement's messages, as PGlite's parseResults makes it, without its cost: that
 * copies the whole type-parser map (hundreds of array types) into the caller's parsers on every query
 * (drizzle passes its own on every call); here each column's parser is looked up in the two.
 */
function resultOf<T>(messages: Message[], parsers: Parsers, options: QueryOptions | undefined): Results<T> {
  const own = options?.parsers as Parsers | undefined;
  let fields: { name: string; dataTypeID: number }[] = [];
  const rows: unknown[] = [];
  const value = (text: string | null, type: number) => {
    if (text === null) return null;
    const parser = own?.[type] ?? parsers[type];
    return parser ? parser(text, type) : text;
  };
  for (const message of messages) {
    if (message.name === 'rowDescription') {
      fields = (message as unknown as RowDescription).fields.map((f) => ({
        name: f.name,
        dataTypeID: f.dataTypeID,
      }));
    } else if (message.name === 'dataRow') {
      const values = (message as unknown as DataRow).fields;
      if (options?.rowMode === 'array') rows.push(values.map((v, i) => value(v, fields[i].dataTypeID)));
      else
        rows.push(Object.fromEntries(values.map((v, i) => [fields[i].name, value(v, fields[i].dataTypeID)])));
    } else if (message.name === 'commandComplete') {
      const parts = (message as unknown as CommandComplete).text.split(' ');
      const command = parts[0];
      const count = Number.parseInt(parts[parts.length - 1], 10);
      const counted = ['INSERT', 'UPDATE', 'DELETE', 'COPY', 'MERGE'].includes(command);
      return {
        rows,
        fields,
        command,
        affectedRows: counted ? count : 0,
        ...(Number.isNaN(count) ? {} : { rowCount: count }),
      } as unknown as Results<T>;
    }
  }
  return { rows: [], fields: [], affectedRows: 0 } as unknown as Results<T>;
}

interface RowDescription {
  fields: { name: string; dataTypeID: number }[];
}
interface DataRow {
  fields: (string | null)[];
}
interface CommandComplete {
  text: string;
}

function concat(parts: Uint8Array[]): Uint8Array {
  const out = new Uint8Array(parts.reduce((n, p) => n + p.length, 0));
  let at = 0;
  for (const part of parts) {
    out.set(part, at);
    at += part.length;
  }
  return out;
}
