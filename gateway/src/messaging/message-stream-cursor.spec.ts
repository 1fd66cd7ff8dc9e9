import { describe, expect, it } from '@jest/globals';
import { cursorId, parseCursor } from './message-stream.controller.js';

describe('the stream cursor (Last-Event-ID)', () => {
  it('is the newest message id and receipt id, and reads back', () => {
    expect(cursorId({ messageId: 42, receiptId: 7 })).toBe('42-7');
    expect(parseCursor('42-7')).toEqual({ messageId: 42, receiptId: 7 });
    expect(parseCursor(' 42-7 ')).toEqual({ messageId: 42, receiptId: 7 });
  });

  it('takes a bare message id (an older client): messages resume, receipts are not asked for', () => {
    expect(parseCursor('42')).toEqual({ messageId: 42 });
  });

  it('ignores anything else: no catch-up', () => {
    for (const id of [undefined, '', 'abc', '42-', '-7', '1-2-3', '12345678901', '4.2'])
      expect(parseCursor(id)).toBeNull();
  });
});
