import { describe, expect, it } from 'vitest';
import { parsePrometheus } from '../support/prometheus';

describe('the test-side Prometheus parser', () => {
  it('reads types, samples, labels with escapes and special values', () => {
    const scrape = parsePrometheus(
      [
        '# HELP x_total Things.',
        '# TYPE x_total counter',
        'x_total{route="/a/{id}",note="say \\"hi\\"\\\\n"} 3',
        'y_bucket{le="+Inf"} 7',
        'z NaN',
      ].join('\n'),
    );
    expect(scrape.types.get('x_total')).toBe('counter');
    expect(scrape.value('x_total', { route: '/a/{id}' })).toBe(3);
    expect(scrape.find('x_total')[0].labels.note).toBe('say "hi"\\n');
    expect(scrape.value('y_bucket', { le: '+Inf' })).toBe(7);
    expect(Number.isNaN(scrape.value('z'))).toBe(true);
  });

  it('refuses what is not the exposition format', () => {
    expect(() => parsePrometheus('<html>')).toThrow();
    expect(() => parsePrometheus('x{a=1} 2')).toThrow();
    expect(() => parsePrometheus('x one')).toThrow();
  });
});
