import { describe, expect, it } from '@jest/globals';
import { isValidSpanId, isValidTraceId } from '@opentelemetry/api';
import { RequestIdGenerator } from './ids.js';

describe('RequestIdGenerator', () => {
  it('makes valid, distinct trace and span ids, across pool draws', () => {
    const ids = new RequestIdGenerator();
    const traceIds = new Set<string>();
    const spanIds = new Set<string>();
    for (let i = 0; i < 1000; i++) {
      const traceId = ids.generateTraceId();
      const spanId = ids.generateSpanId();
      expect(isValidTraceId(traceId)).toBe(true);
      expect(isValidSpanId(spanId)).toBe(true);
      traceIds.add(traceId);
      spanIds.add(spanId);
    }
    expect(traceIds.size).toBe(1000);
    expect(spanIds.size).toBe(1000);
  });

  it('hands the next trace id over once', () => {
    const ids = new RequestIdGenerator();
    const decided = '0af7651916cd43dd8448eb211c80319c';
    ids.nextTraceId(decided);
    expect(ids.generateSpanId()).not.toBe(decided.slice(0, 16));
    expect(ids.generateTraceId()).toBe(decided);
    expect(ids.generateTraceId()).not.toBe(decided);
  });
});
