import pg from 'pg';

import { MAX_PREPARED_PER_CONNECTION } from './prepared-limit';

export { MAX_PREPARED_PER_CONNECTION };

/**
 * A pg client that prepares every parameterised statement once per connection (decision 030):
 * PostgreSQL then parses and plans it once instead of on every call, which is most of the cost of
 * a short query such as the session lookup. Statements without parameters (BEGIN, migrations,
 * `select 1`) stay on the simple protocol, where several statements may share one text.
 */
export class PreparingClient extends pg.Client {
  private readonly names = new Map<string, string>();

  // pg's query() has a dozen overloads; this only adds a name to the parameterised ones.
  override query(config: any, values?: any, callback?: any): any {
    const text = typeof config === 'string' ? config : config?.text;
    const params = Array.isArray(values) ? values : config?.values;
    if (typeof text === 'string' && !config.name && Array.isArray(params) && params.length > 0) {
      const name = this.nameOf(text);
      const named = typeof config === 'string' ? { text, name } : { ...config, name };
      if (name) return super.query(named, values, callback);
    }
    return super.query(config, values, callback);
  }

  private nameOf(text: string): string | null {
    const known = this.names.get(text);
    if (known) return known;
    if (this.names.size >= MAX_PREPARED_PER_CONNECTION) return null;
    const name = `applyhub_${this.names.size + 1}`;
    this.names.set(text, name);
    return name;
  }
}
