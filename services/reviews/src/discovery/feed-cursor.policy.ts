/** Where a feed page ends: the last item's time (microseconds since the epoch), kind and id. */
export interface FeedCursor {
  micros: string;
  /** 3 status, 2 review, 1 save, 0 check-in: the order of items written in the same microsecond. */
  kind: number;
  id: number;
}

export const FEED_KINDS = { status: 3, review: 2, save: 1, checkin: 0 } as const;

const CURSOR = /^(\d{1,17})_([0-3])_(\d{1,10})$/;

/** The opaque `nextCursor` of a page ending at this item ('1732634567123456_2_12'). */
export function encodeFeedCursor(cursor: FeedCursor): string {
  return `${cursor.micros}_${cursor.kind}_${cursor.id}`;
}

/** The position a `cursor` names, or null when it is not one this service wrote. */
export function decodeFeedCursor(cursor: string): FeedCursor | null {
  const match = CURSOR.exec(cursor);
  if (!match) return null;
  const id = Number(match[3]);
  if (id < 1 || id > 2_147_483_647) return null;
  return { micros: match[1], kind: Number(match[2]), id };
}
