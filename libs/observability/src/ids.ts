import { randomFillSync } from 'node:crypto';
import type { IdGenerator } from '@opentelemetry/sdk-trace-base';

/** Random bytes drawn at once, as hex: ~170 requests' trace and span ids per draw. */
const POOL_BYTES = 4096;
const ZERO_TRACE_ID = '00000000000000000000000000000000';
const ZERO_SPAN_ID = '0000000000000000';

/**
 * Trace and span ids cut from a pool of random hex (crypto random, drawn 4 KB at a time): an id
 * is a slice of one string instead of four Math.random calls, buffer writes and a hex encoding,
 * and every request makes two or more, sampled or not. A new trace can also be handed the trace
 * id its sampling was already decided on (startServerSpan decides before it makes a span, and
 * the ratio sampler's decision depends on the trace id): the hand-over is synchronous, the next
 * trace id asked for, by the span start right after, is that one.
 */
export class RequestIdGenerator implements IdGenerator {
  private pool = '';
  private at = 0;
  private next: string | undefined;

  /** The trace id the next new trace takes. */
  nextTraceId(traceId: string): void {
    this.next = traceId;
  }

  generateTraceId(): string {
    const handed = this.next;
    if (handed !== undefined) {
      this.next = undefined;
      return handed;
    }
    const id = this.hex(32);
    // All zeros is the invalid id (a chance of 2^-128, but the specification forbids it).
    return id === ZERO_TRACE_ID ? this.generateTraceId() : id;
  }

  generateSpanId(): string {
    const id = this.hex(16);
    return id === ZERO_SPAN_ID ? this.generateSpanId() : id;
  }

  /** The next `length` hex digits of the pool, drawing a new pool when it runs out. */
  private hex(length: number): string {
    if (this.at + length > this.pool.length) {
      this.pool = randomFillSync(Buffer.allocUnsafe(POOL_BYTES)).toString('hex');
      this.at = 0;
    }
    const id = this.pool.slice(this.at, this.at + length);
    this.at += length;
    return id;
  }
}
