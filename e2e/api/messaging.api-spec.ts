import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import {
  LIMITS,
  MESSAGING_MESSAGES as M,
  type ConversationPreviewDto,
  type CountResponse,
  type CurrentUserDto,
  type MarkReadResponse,
  type MessageDto,
  type PollDto,
  type ReviewDto,
  type StreamMessageEvent,
} from '@dinebuds/contracts';
import { createTestDatabase, eventually, query, type TestDatabase } from '@dinebuds/testing';
import { ApiClient, uniqueUsername, type ApiResponse } from '../support/api-client.js';
import { removeDataDir, startAllInOneSystem } from '../support/system.js';

const PASSWORD = 'Secret#123';

/** A signed-in user of the system under test. */
interface Bud {
  id: number;
  username: string;
  name: string;
  client: ApiClient;
}

interface StreamFrame {
  event: string;
  id?: string;
  data: unknown;
}

interface ErrorBody {
  statusCode: number;
  message: string;
  error: string;
}

/**
 * The messaging API (docs/api-messaging.md) through the gateway, on the all-in-one system over a
 * fresh database (dropped after): who may read, send, mark read, report and vote; blocks; unread
 * counts; the inbox; "Let's eat" polls; and bad input to every route (a 4xx with a sentence,
 * never a 500). messaging learns users and blocks from events, so each is awaited in its tables.
 */
describe('messaging API through the gateway (all-in-one)', () => {
  let database: TestDatabase;
  let baseUrl: string;
  let stop: () => Promise<void>;
  let anonymous: ApiClient;
  let ann: Bud;
  let bob: Bud;
  let cat: Bud;
  /** Restaurants reviews knows (shares and polls carry the server's names): by short name. */
  const places: Record<'sushi' | 'katz' | 'nobu' | 'bernardin', number> = {
    sushi: 0,
    katz: 0,
    nobu: 0,
    bernardin: 0,
  };

  const sql = <T = Record<string, unknown>>(text: string, params: unknown[] = []) =>
    query<T>(database.url, text, params);

  async function bud(prefix: string): Promise<Bud> {
    const client = new ApiClient(baseUrl);
    const username = uniqueUsername(prefix);
    const name = `${prefix} tester`;
    const res = await client.post<CurrentUserDto>('/api/register', { username, password: PASSWORD, name });
    expect(res.status).toBe(201);
    const id = res.body.id;
    await eventually(
      async () => (await sql('SELECT 1 FROM messaging.users WHERE id = $1', [id])).length === 1,
      20_000,
    );
    return { id, username, name, client };
  }

  const send = (from: Bud, body: Record<string, unknown>) =>
    from.client.post<MessageDto>('/api/messages/send', body);

  async function sendText(from: Bud, to: Bud, content: string): Promise<MessageDto> {
    const res = await send(from, { receiverId: to.id, content, messageType: 'text' });
    expect(res.status).toBe(201);
    return res.body;
  }

  async function conversation(viewer: Bud, a: number, b: number): Promise<MessageDto[]> {
    const res = await viewer.client.get<MessageDto[]>(`/api/messages/conversation/${a}/${b}`);
    expect(res.status).toBe(200);
    return res.body;
  }

  async function unread(user: Bud): Promise<number> {
    const res = await user.client.get<CountResponse>('/api/messages/unread-count');
    expect(res.status).toBe(200);
    return res.body.count;
  }

  async function inbox(user: Bud): Promise<ConversationPreviewDto[]> {
    const res = await user.client.get<ConversationPreviewDto[]>('/api/messages/conversations');
    expect(res.status).toBe(200);
    return res.body;
  }

  /** A refused call: its status, and one sentence in the error body. */
  function expectError(res: ApiResponse, status: number, message?: string): void {
    expect({ status: res.status, body: res.body }).toMatchObject({
      status,
      body: { statusCode: status, ...(message ? { message } : {}) },
    });
    expect(typeof (res.body as ErrorBody).message).toBe('string');
  }

  async function blockRow(blockerId: number, blockedId: number): Promise<boolean> {
    const rows = await sql('SELECT 1 FROM messaging.blocks WHERE blocker_id = $1 AND blocked_id = $2', [
      blockerId,
      blockedId,
    ]);
    return rows.length === 1;
  }

  beforeAll(async () => {
    database = await createTestDatabase('api_messaging');
    const system = await startAllInOneSystem({ databaseUrl: database.url });
    baseUrl = system.baseUrl;
    stop = async () => {
      await system.stop();
      removeDataDir(system.dataDir);
      await database.drop();
    };
    anonymous = new ApiClient(baseUrl);
    [ann, bob, cat] = await Promise.all([bud('ann'), bud('bob'), bud('cat')]);
    const place = async (restaurantName: string, address: string) => {
      const res = await ann.client.post<ReviewDto>('/api/reviews', {
        restaurantName,
        address,
        rating: 5,
        notes: 'A place to share',
      });
      expect(res.status).toBe(201);
      return res.body.restaurant.id;
    };
    places.sushi = await place('Sushi Nakazawa', '23 Commerce St, New York, NY');
    places.katz = await place('Katz', '205 E Houston St, New York, NY');
    places.nobu = await place('Nobu', '195 Broadway, New York, NY');
    places.bernardin = await place('Le Bernardin', '155 W 51st St, New York, NY');
  }, 120_000);

  afterAll(async () => {
    await stop?.();
  });

  it('a conversation is read by its two participants only; anyone may message anyone', async () => {
    // ann follows nobody: messaging needs no follow.
    const sent = await sendText(ann, bob, '  Dinner on Friday?  ');
    expect(sent).toEqual({
      id: expect.any(Number),
      senderId: ann.id,
      receiverId: bob.id,
      content: 'Dinner on Friday?',
      messageType: 'text',
      read: false,
      reported: false,
      reportReason: null,
      createdAt: expect.any(String),
      restaurantId: null,
      restaurantName: null,
      pollId: null,
      sender: { id: ann.id, username: ann.username, name: ann.name, profilePicture: null },
    });
    const reply = await sendText(bob, ann, 'Yes!\nWhere?');
    for (const [viewer, a, b] of [
      [ann, ann.id, bob.id],
      [ann, bob.id, ann.id],
      [bob, bob.id, ann.id],
    ] as const) {
      const thread = await conversation(viewer, a, b);
      expect(thread.map((m) => m.id)).toEqual([sent.id, reply.id]);
    }
    expectError(
      await cat.client.get(`/api/messages/conversation/${ann.id}/${bob.id}`),
      403,
      M.notAParticipant,
    );
    expectError(await cat.client.get(`/api/messages/conversation/${cat.id}/${cat.id}`), 400);
    expectError(await anonymous.get(`/api/messages/conversation/${ann.id}/${bob.id}`), 401);
    expectError(await cat.client.get(`/api/messages/conversation/${cat.id}/2000000000`), 404, M.userNotFound);
    expect(await conversation(cat, cat.id, ann.id)).toEqual([]);
    // Paging: the newest page, then the one before it.
    const newest = await ann.client.get<MessageDto[]>(
      `/api/messages/conversation/${ann.id}/${bob.id}?limit=1`,
    );
    expect(newest.body.map((m) => m.id)).toEqual([reply.id]);
    const older = await ann.client.get<MessageDto[]>(
      `/api/messages/conversation/${ann.id}/${bob.id}?limit=1&beforeId=${reply.id}`,
    );
    expect(older.body.map((m) => m.id)).toEqual([sent.id]);
  }, 60_000);

  it('sends text and restaurant shares; blank, oversize and server-only types get their sentence', async () => {
    expectError(
      await send(ann, { receiverId: cat.id, content: '   ', messageType: 'text' }),
      400,
      M.messageEmpty,
    );
    expectError(await send(ann, { receiverId: cat.id }), 400, M.messageEmpty);
    expectError(
      await send(ann, { receiverId: cat.id, content: 'x'.repeat(LIMITS.messageMax + 1) }),
      400,
      M.messageTooLong,
    );
    expectError(
      await send(ann, { receiverId: cat.id, content: 'hi', messageType: 'x'.repeat(51) }),
      400,
      M.messageTypeTooLong,
    );
    expectError(
      await send(ann, { receiverId: cat.id, content: 'hi', messageType: 'poll' }),
      400,
      M.messageTypeUnknown,
    );
    expectError(
      await send(ann, { receiverId: cat.id, messageType: 'restaurant_share', restaurantName: 'Katz' }),
      400,
      M.restaurantRequired,
    );
    expectError(
      await send(ann, { receiverId: cat.id, content: 'hi', restaurantId: 5 }),
      400,
      M.restaurantOnlyInShares,
    );
    expectError(await send(ann, { receiverId: ann.id, content: 'hi' }), 400, M.messageYourself);
    expectError(await send(ann, { receiverId: 2_000_000_000, content: 'hi' }), 404, M.userNotFound);
    expectError(await anonymous.post('/api/messages/send', { receiverId: cat.id, content: 'hi' }), 401);
    expect(await sql('SELECT 1 FROM messaging.messages WHERE receiver_id = $1', [cat.id])).toEqual([]);

    expectError(
      await send(ann, { receiverId: cat.id, content: 'escape \u001b[31m red' }),
      400,
      M.messageControlCharacters,
    );
    const lines = await send(ann, { receiverId: cat.id, content: 'line one\r\n\tline two' });
    expect(lines.body.content).toBe('line one\r\n\tline two');
    const longest = await send(ann, { receiverId: cat.id, content: 'y'.repeat(LIMITS.messageMax) });
    expect(longest.status).toBe(201);
    const share = await send(ann, {
      receiverId: cat.id,
      messageType: 'restaurant_share',
      restaurantId: places.sushi,
      restaurantName: ' Sushi Nakazawa ',
    });
    expect(share.status).toBe(201);
    expect(share.body).toMatchObject({
      messageType: 'restaurant_share',
      content: "Let's go to Sushi Nakazawa soon!",
      restaurantId: places.sushi,
      restaurantName: 'Sushi Nakazawa',
    });
    const withText = await send(ann, {
      receiverId: cat.id,
      messageType: 'restaurant_share',
      restaurantId: places.katz,
      restaurantName: 'Katz',
      content: 'Pastrami?',
    });
    expect(withText.body).toMatchObject({ content: 'Pastrami?', restaurantId: places.katz });
    // The name is the server's: one left out is filled, a forged label is replaced, and an unknown
    // restaurant is refused.
    expect(
      (await send(ann, { receiverId: cat.id, messageType: 'restaurant_share', restaurantId: places.nobu }))
        .body,
    ).toMatchObject({ restaurantName: 'Nobu', content: "Let's go to Nobu soon!" });
    const forged = await send(ann, {
      receiverId: cat.id,
      messageType: 'restaurant_share',
      restaurantId: places.katz,
      restaurantName: 'Free Lobster Here',
    });
    expect(forged.body).toMatchObject({
      restaurantId: places.katz,
      restaurantName: 'Katz',
      content: "Let's go to Katz soon!",
    });
    expectError(
      await send(ann, {
        receiverId: cat.id,
        messageType: 'restaurant_share',
        restaurantId: 2_000_000_000,
        restaurantName: 'Nowhere',
      }),
      404,
      'Restaurant not found',
    );
  }, 60_000);

  it('a retried send with the same clientMessageId stores one message', async () => {
    const body = { receiverId: cat.id, content: 'Only once', clientMessageId: 'retry-key-1' };
    const first = await send(bob, body);
    const again = await send(bob, body);
    expect(first.status).toBe(201);
    expect(again.status).toBe(201);
    expect(again.body.id).toBe(first.body.id);
    const stored = await sql('SELECT id FROM messaging.messages WHERE sender_id = $1 AND content = $2', [
      bob.id,
      'Only once',
    ]);
    expect(stored).toHaveLength(1);
    // The same key from another sender is another message.
    const other = await send(ann, { ...body, receiverId: bob.id });
    expect(other.body.id).not.toBe(first.body.id);
    // The same key for another receiver is refused, not answered with the first message.
    expectError(await send(bob, { ...body, receiverId: ann.id }), 409, M.clientMessageIdReused);
  }, 60_000);

  it('unread counts follow sends and mark-read; marking read is about your own messages only', async () => {
    const dan = await bud('dan');
    const eve = await bud('eve');
    expect(await unread(eve)).toBe(0);
    await sendText(dan, eve, 'one');
    await sendText(dan, eve, 'two');
    await sendText(eve, dan, 'mine');
    expect(await unread(eve)).toBe(2);
    expect(await unread(dan)).toBe(1);
    const marked = await eve.client.post<MarkReadResponse>(`/api/messages/mark-read/${dan.id}`);
    expect(marked.status).toBe(200);
    expect(marked.body).toEqual({ count: 2 });
    expect(await unread(eve)).toBe(0);
    expect(await unread(dan)).toBe(1);
    const thread = await conversation(dan, dan.id, eve.id);
    expect(thread.map((m) => [m.content, m.read])).toEqual([
      ['one', true],
      ['two', true],
      ['mine', false],
    ]);
    expect((await eve.client.post<MarkReadResponse>(`/api/messages/mark-read/${dan.id}`)).body).toEqual({
      count: 0,
    });
    expectError(await eve.client.post(`/api/messages/mark-read/${eve.id}`), 400);
    expectError(await eve.client.post('/api/messages/mark-read/2000000000'), 404, M.userNotFound);
    expectError(await anonymous.post(`/api/messages/mark-read/${dan.id}`), 401);
    expectError(await anonymous.get('/api/messages/unread-count'), 401);
  }, 60_000);

  it('the inbox has one row per person, newest first, with the last message and unread count', async () => {
    const fay = await bud('fay');
    const gus = await bud('gus');
    const hal = await bud('hal');
    await sendText(gus, fay, 'from gus 1');
    await sendText(gus, fay, 'from gus 2');
    await sendText(fay, hal, 'to hal');
    await sendText(hal, fay, 'from hal');
    const rows = await inbox(fay);
    expect(rows).toEqual([
      {
        userId: hal.id,
        username: hal.username,
        name: hal.name,
        profilePicture: null,
        lastMessage: 'from hal',
        lastMessageId: expect.any(Number),
        lastMessageType: 'text',
        lastMessageSenderId: hal.id,
        lastMessageTime: expect.any(String),
        unreadCount: 1,
        unread: true,
        deactivated: false,
      },
      expect.objectContaining({ userId: gus.id, lastMessage: 'from gus 2', unreadCount: 2, unread: true }),
    ]);
    await fay.client.post(`/api/messages/mark-read/${gus.id}`);
    expect((await inbox(fay))[1]).toMatchObject({ userId: gus.id, unreadCount: 0, unread: false });
    expect(await inbox(gus)).toEqual([
      expect.objectContaining({
        userId: fay.id,
        lastMessage: 'from gus 2',
        lastMessageSenderId: gus.id,
        unreadCount: 0,
      }),
    ]);
    const page = await fay.client.get<ConversationPreviewDto[]>(
      '/api/messages/conversations?limit=1&offset=1',
    );
    expect(page.body.map((r) => r.userId)).toEqual([gus.id]);
    // Paged by cursor: the next page starts after the last row's lastMessageId.
    const first = await fay.client.get<ConversationPreviewDto[]>('/api/messages/conversations?limit=1');
    expect(first.body.map((r) => r.userId)).toEqual([hal.id]);
    const next = await fay.client.get<ConversationPreviewDto[]>(
      `/api/messages/conversations?limit=1&before=${first.body[0].lastMessageId}`,
    );
    expect(next.body.map((r) => r.userId)).toEqual([gus.id]);
    const end = await fay.client.get<ConversationPreviewDto[]>(
      `/api/messages/conversations?limit=1&before=${next.body[0].lastMessageId}`,
    );
    expect(end.body).toEqual([]);
    expectError(
      await fay.client.get('/api/messages/conversations?before=abc'),
      400,
      'before must be a positive integer',
    );
    expectError(await anonymous.get('/api/messages/conversations'), 401);
  }, 60_000);

  it('only the receiver reports a message, with a reason; the report goes out as an event', async () => {
    const message = await sendText(ann, bob, 'Buy my course!');
    const path = `/api/messages/report/${message.id}`;
    expectError(await bob.client.post(path, { reason: '   ' }), 400, M.reasonRequired);
    expectError(await bob.client.post(path, {}), 400, M.reasonRequired);
    expectError(await ann.client.post(path, { reason: 'Spam' }), 403, M.reportOwnMessage);
    expectError(await cat.client.post(path, { reason: 'Spam' }), 404, M.messageNotFound);
    expectError(
      await bob.client.post('/api/messages/report/2000000000', { reason: 'Spam' }),
      404,
      M.messageNotFound,
    );
    expectError(await anonymous.post(path, { reason: 'Spam' }), 401);
    const reported = await bob.client.post(path, { reason: ' Spam ' });
    expect(reported.status).toBe(200);
    expect(reported.body).toEqual({ message: 'Message reported' });
    expect((await bob.client.post(path, { reason: 'Again' })).status).toBe(200);
    const seenByBob = (await conversation(bob, bob.id, ann.id)).find((m) => m.id === message.id);
    expect(seenByBob).toMatchObject({ reported: true, reportReason: 'Spam' });
    const seenByAnn = (await conversation(ann, ann.id, bob.id)).find((m) => m.id === message.id);
    expect(seenByAnn).toMatchObject({ reported: false, reportReason: null });
    const events = await sql<{ payload: unknown }>(
      `SELECT payload FROM messaging.outbox WHERE type = 'messaging.message.reported'`,
    );
    const ofThis = events.filter((e) => JSON.stringify(e.payload).includes(`"messageId":${message.id}`));
    expect(ofThis).toHaveLength(1);
    expect(JSON.stringify(ofThis[0].payload)).toContain('"reason":"Spam"');
  }, 60_000);

  it('a block stops messages and polls both ways; unblocking lets them through again', async () => {
    const ike = await bud('ike');
    const jo = await bud('jo');
    const before = await sendText(jo, ike, 'hello ike');
    expect((await ike.client.post('/api/users/block', { blockedId: jo.id })).status).toBe(200);
    await eventually(() => blockRow(ike.id, jo.id), 20_000);
    expectError(await send(jo, { receiverId: ike.id, content: 'still there?' }), 403, M.cannotMessage);
    expectError(await send(ike, { receiverId: jo.id, content: 'bye' }), 403, M.cannotMessage);
    expectError(
      await jo.client.post('/api/messages/polls', {
        receiverId: ike.id,
        options: [{ restaurantId: places.nobu, restaurantName: 'Nobu' }],
      }),
      403,
      M.cannotMessage,
    );
    // What was said before stays readable to both.
    expect((await conversation(ike, ike.id, jo.id)).map((m) => m.id)).toEqual([before.id]);
    expect((await ike.client.post('/api/users/unblock', { blockedId: jo.id })).status).toBe(200);
    await eventually(async () => !(await blockRow(ike.id, jo.id)), 20_000);
    expect((await send(jo, { receiverId: ike.id, content: 'friends again?' })).status).toBe(201);
  }, 60_000);

  it("a Let's eat poll: proposed in the thread, decided by the other person's vote, announced", async () => {
    const options = [
      { restaurantId: places.nobu, restaurantName: 'Nobu' },
      { restaurantId: places.katz, restaurantName: 'Katz' },
      { restaurantId: places.bernardin, restaurantName: 'Le Bernardin' },
    ];
    // A forged option label is replaced by the restaurant's own name.
    const created = await ann.client.post<PollDto>('/api/messages/polls', {
      receiverId: bob.id,
      options: [options[0], { ...options[1], restaurantName: 'Cheap Lobster' }, options[2]],
    });
    expect(created.status).toBe(201);
    const poll = created.body;
    expect(poll).toEqual({
      id: expect.any(Number),
      proposerId: ann.id,
      receiverId: bob.id,
      status: 'open',
      options: options.map((o) => ({ id: expect.any(Number), ...o })),
      chosenOptionId: null,
      createdAt: expect.any(String),
      decidedAt: null,
    });
    const thread = await conversation(bob, bob.id, ann.id);
    expect(thread.at(-1)).toMatchObject({
      senderId: ann.id,
      messageType: 'poll',
      pollId: poll.id,
      content: "Let's eat! Where: Nobu, Katz, Le Bernardin?",
    });
    expect((await bob.client.get<PollDto>(`/api/messages/polls/${poll.id}`)).body).toEqual(poll);
    expectError(await cat.client.get(`/api/messages/polls/${poll.id}`), 404, M.pollNotFound);
    expectError(await anonymous.get(`/api/messages/polls/${poll.id}`), 401);
    const vote = (client: ApiClient, optionId: number) =>
      client.post<PollDto>(`/api/messages/polls/${poll.id}/vote`, { optionId });
    const katz = poll.options[1].id;
    expectError(await vote(ann.client, katz), 403, M.pollProposerVotes);
    expectError(await vote(cat.client, katz), 404, M.pollNotFound);
    expectError(await vote(bob.client, 2_000_000_000), 400, M.pollOptionUnknown);
    const decided = await vote(bob.client, katz);
    expect(decided.status).toBe(200);
    expect(decided.body).toMatchObject({
      status: 'decided',
      chosenOptionId: katz,
      decidedAt: expect.any(String),
    });
    expectError(await vote(bob.client, katz), 409, M.pollDecided);
    const after = await conversation(ann, ann.id, bob.id);
    expect(after.at(-1)).toMatchObject({
      senderId: bob.id,
      receiverId: ann.id,
      messageType: 'poll_result',
      content: "Let's go to Katz soon!",
      restaurantId: places.katz,
      restaurantName: 'Katz',
      pollId: poll.id,
    });
    expect((await inbox(ann))[0]).toMatchObject({ userId: bob.id, lastMessage: "Let's go to Katz soon!" });
    const types = await sql<{ type: string }>(
      `SELECT DISTINCT type FROM messaging.outbox WHERE type LIKE 'messaging.poll.%' ORDER BY type`,
    );
    expect(types.map((t) => t.type)).toEqual(['messaging.poll.created', 'messaging.poll.decided']);

    const five = [1, 2, 3, 4, 5].map((restaurantId) => ({
      restaurantId,
      restaurantName: `Place ${restaurantId}`,
    }));
    const polls = (body: unknown) => ann.client.post('/api/messages/polls', body);
    expectError(await polls({ receiverId: bob.id, options: five }), 400, M.pollOptionsCount);
    expectError(await polls({ receiverId: bob.id, options: [] }), 400, M.pollOptionsCount);
    expectError(
      await polls({ receiverId: bob.id, options: [options[0], options[0]] }),
      400,
      M.pollOptionsDuplicate,
    );
    expectError(await polls({ receiverId: ann.id, options }), 400, M.messageYourself);
    expectError(await polls({ receiverId: 2_000_000_000, options }), 404, M.userNotFound);
  }, 60_000);

  /** An open GET /api/messages/stream of `user`, its frames parsed as they arrive. */
  async function openStream(user: Bud, lastEventId?: string) {
    const abort = new AbortController();
    const headers: Record<string, string> = {
      accept: 'text/event-stream',
      cookie: `dinebuds_sid=${user.client.sessionCookie}`,
    };
    if (lastEventId !== undefined) headers['last-event-id'] = String(lastEventId);
    const res = await fetch(`${baseUrl}/api/messages/stream`, { headers, signal: abort.signal });
    const frames: StreamFrame[] = [];
    const state = { ended: false };
    const reader = res.body!.getReader();
    const decoder = new TextDecoder();
    void (async () => {
      let text = '';
      try {
        for (;;) {
          const { done, value } = await reader.read();
          if (done) {
            state.ended = true;
            return;
          }
          text += decoder.decode(value, { stream: true });
          for (let end = text.indexOf('\n\n'); end >= 0; end = text.indexOf('\n\n')) {
            const block = text.slice(0, end);
            text = text.slice(end + 2);
            const field = (name: string) =>
              block
                .split('\n')
                .find((line) => line.startsWith(`${name}: `))
                ?.slice(name.length + 2);
            const event = field('event');
            if (event) frames.push({ event, id: field('id'), data: JSON.parse(field('data') ?? 'null') });
          }
        }
      } catch {
        // aborted
      }
    })();
    return {
      status: res.status,
      contentType: res.headers.get('content-type'),
      frames,
      ended: () => state.ended,
      messages: () => frames.filter((f) => f.event === 'message').map((f) => f.data as StreamMessageEvent),
      close: () => abort.abort(),
    };
  }

  it('the stream pushes a message to its receiver and sender, read receipts to the sender, nothing to others', async () => {
    const kim = await bud('kim');
    const lou = await bud('lou');
    const kimStream = await openStream(kim);
    const louStream = await openStream(lou);
    const catStream = await openStream(cat);
    try {
      expect(kimStream.status).toBe(200);
      expect(kimStream.contentType).toMatch(/^text\/event-stream/);
      const sent = await sendText(lou, kim, 'Are you there?');
      const pushed = await eventually(() => kimStream.messages().find((m) => m.id === sent.id), 10_000);
      expect(pushed).toEqual({
        id: sent.id,
        senderId: lou.id,
        receiverId: kim.id,
        content: 'Are you there?',
        messageType: 'text',
        restaurantId: null,
        restaurantName: null,
        pollId: null,
        createdAt: sent.createdAt,
      });
      // The id is the stream's cursor: `<message id>-<receipt id>`.
      expect(kimStream.frames.find((f) => f.event === 'message')?.id).toMatch(
        new RegExp(`^${sent.id}-\\d+$`),
      );
      await eventually(() => louStream.messages().some((m) => m.id === sent.id), 10_000);
      await kim.client.post(`/api/messages/mark-read/${lou.id}`);
      const read = await eventually(() => louStream.frames.find((f) => f.event === 'read'), 10_000);
      expect(read.data).toMatchObject({
        readerId: kim.id,
        otherUserId: lou.id,
        upToMessageId: sent.id,
        count: 1,
      });
      expect(catStream.frames).toEqual([]);
    } finally {
      kimStream.close();
      louStream.close();
      catStream.close();
    }
    expectError(await anonymous.get('/api/messages/stream'), 401);
  }, 60_000);

  it('a stream that drops and reconnects with Last-Event-ID misses no message and no read receipt, and repeats nothing', async () => {
    const max = await bud('max');
    const ned = await bud('ned');
    const first = await openStream(max);
    const one = await sendText(ned, max, 'one');
    await eventually(() => first.messages().some((m) => m.id === one.id), 10_000);
    const lastId = first.frames.filter((f) => f.id !== undefined).at(-1)?.id;
    first.close();
    const two = await sendText(ned, max, 'two');
    const three = await sendText(max, ned, 'three');
    // While max is away: ned reads max's message (a receipt for max), and max reads ned's two in
    // another tab (max's unread count changes).
    expect((await ned.client.post<MarkReadResponse>(`/api/messages/mark-read/${max.id}`)).body).toEqual({
      count: 1,
    });
    expect((await max.client.post<MarkReadResponse>(`/api/messages/mark-read/${ned.id}`)).body).toEqual({
      count: 2,
    });
    const again = await openStream(max, lastId);
    try {
      const four = await sendText(ned, max, 'four');
      await eventually(() => again.messages().some((m) => m.id === four.id), 10_000);
      expect(again.messages().map((m) => m.content)).toEqual(['two', 'three', 'four']);
      expect(
        again.frames.filter((f) => f.event === 'message').map((f) => Number(f.id?.split('-')[0])),
      ).toEqual([two.id, three.id, four.id]);
      expect(again.frames.filter((f) => f.event === 'read').map((f) => f.data)).toEqual([
        expect.objectContaining({ readerId: ned.id, otherUserId: max.id, upToMessageId: three.id, count: 1 }),
        expect.objectContaining({ readerId: max.id, otherUserId: ned.id, upToMessageId: two.id, count: 2 }),
      ]);
      // Resumed from the newest id again, nothing is repeated.
      const newest = again.frames.filter((f) => f.id !== undefined).at(-1)?.id;
      again.close();
      const third = await openStream(max, newest);
      try {
        const five = await sendText(ned, max, 'five');
        await eventually(() => third.messages().some((m) => m.id === five.id), 10_000);
        expect(third.frames.map((f) => f.event)).toEqual(['message']);
      } finally {
        third.close();
      }
    } finally {
      again.close();
    }
  }, 60_000);

  it('one person holds at most MESSAGE_STREAMS_PER_USER (8) open streams; one more is 429, and a closed one makes room', async () => {
    const pia = await bud('pia');
    const open = [];
    try {
      for (let i = 0; i < 8; i++) open.push(await openStream(pia));
      expect(open.map((s) => s.status)).toEqual(Array(8).fill(200));
      const refused = await pia.client.get('/api/messages/stream');
      expectError(
        refused,
        429,
        'Too many live connections are open for your account: close another tab and try again',
      );
      // Open streams hold no admission place: ordinary requests keep being served.
      expect((await pia.client.get('/api/messages/unread-count')).status).toBe(200);
      open.shift()!.close();
      await eventually(async () => {
        const again = await openStream(pia);
        open.push(again);
        return again.status === 200;
      }, 10_000);
    } finally {
      for (const stream of open) stream.close();
    }
  }, 60_000);

  it('signing out ends the stream, and it cannot reopen without a session', async () => {
    const oli = await bud('oli');
    const live = await openStream(oli);
    try {
      expect(live.status).toBe(200);
      expect((await oli.client.post('/api/logout')).status).toBe(200);
      await eventually(() => live.ended(), 10_000);
    } finally {
      live.close();
    }
    expectError(await oli.client.get('/api/messages/stream'), 401);
  }, 60_000);

  it('bad input to every route answers a 4xx with one sentence, never a 500', async () => {
    const calls: [string, string, unknown?][] = [
      ['GET', '/api/messages/conversation/abc/1'],
      ['GET', `/api/messages/conversation/${ann.id}/0`],
      ['GET', `/api/messages/conversation/${ann.id}/${bob.id}?limit=abc`],
      ['GET', `/api/messages/conversation/${ann.id}/${bob.id}?beforeId=-1`],
      ['GET', `/api/messages/conversation/${ann.id}/${bob.id}?other=1`],
      ['POST', '/api/messages/send', {}],
      ['POST', '/api/messages/send', []],
      ['POST', '/api/messages/send', { receiverId: 'x', content: 'hi' }],
      ['POST', '/api/messages/send', { receiverId: bob.id, content: 42 }],
      ['POST', '/api/messages/send', { receiverId: bob.id, content: null }],
      ['POST', '/api/messages/send', { receiverId: bob.id, content: 'hi', messageType: null }],
      ['POST', '/api/messages/send', { receiverId: bob.id, content: 'hi', extra: true }],
      ['POST', '/api/messages/send', { receiverId: bob.id, content: 'hi', clientMessageId: 'has space' }],
      [
        'POST',
        '/api/messages/send',
        {
          receiverId: bob.id,
          messageType: 'restaurant_share',
          restaurantId: 1,
          restaurantName: 'x'.repeat(121),
        },
      ],
      ['POST', '/api/messages/send', { receiverId: bob.id, content: 'nul \u0000 inside' }],
      ['POST', '/api/messages/send', { receiverId: bob.id, content: 'escape \u001b[31m red' }],
      [
        'POST',
        '/api/messages/send',
        { receiverId: bob.id, messageType: 'restaurant_share', restaurantId: 1, restaurantName: 'A\u0000B' },
      ],
      ['POST', '/api/messages/report/1', { reason: 'nul \u0000' }],
      [
        'POST',
        '/api/messages/polls',
        { receiverId: bob.id, options: [{ restaurantId: 1, restaurantName: 'A\u0000' }] },
      ],
      ['POST', '/api/messages/mark-read/abc'],
      ['POST', '/api/messages/mark-read/99999999999'],
      ['POST', '/api/messages/report/abc', { reason: 'Spam' }],
      ['POST', '/api/messages/report/1', { reason: 'x'.repeat(501) }],
      ['POST', '/api/messages/report/1', { reason: ['Spam'] }],
      ['GET', '/api/messages/conversations?limit=0'],
      ['GET', '/api/messages/conversations?offset=-3'],
      ['POST', '/api/messages/polls', { receiverId: bob.id }],
      ['POST', '/api/messages/polls', { receiverId: bob.id, options: 'Nobu' }],
      ['POST', '/api/messages/polls', { receiverId: bob.id, options: ['Nobu'] }],
      ['POST', '/api/messages/polls', { receiverId: bob.id, options: [[]] }],
      ['POST', '/api/messages/polls', { receiverId: bob.id, options: [null] }],
      ['POST', '/api/messages/polls', { receiverId: bob.id, options: [{ restaurantId: 1 }] }],
      [
        'POST',
        '/api/messages/polls',
        { receiverId: bob.id, options: [{ restaurantId: 1, restaurantName: ' ' }] },
      ],
      [
        'POST',
        '/api/messages/polls',
        { receiverId: bob.id, options: [{ restaurantId: 1, restaurantName: 'A', x: 1 }] },
      ],
      ['GET', '/api/messages/polls/abc'],
      ['GET', '/api/messages/polls/2000000000'],
      ['POST', '/api/messages/polls/abc/vote', { optionId: 1 }],
      ['POST', '/api/messages/polls/1/vote', { optionId: 'one' }],
      ['POST', '/api/messages/polls/1/vote', {}],
    ];
    const answers: string[] = [];
    for (const [method, path, body] of calls) {
      const res = await ann.client.request<ErrorBody>(method, path, body);
      const ok =
        res.status >= 400 &&
        res.status < 500 &&
        typeof res.body?.message === 'string' &&
        res.body.message !== '';
      if (!ok)
        answers.push(
          `${method} ${path} ${JSON.stringify(body)} -> ${res.status} ${JSON.stringify(res.body)}`,
        );
    }
    expect(answers).toEqual([]);
  }, 60_000);
});
