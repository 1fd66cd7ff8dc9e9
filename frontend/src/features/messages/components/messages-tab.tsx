import { Inbox } from './inbox';

/** The Messages tab of /social (spec 2 §Social screen). */
export function MessagesTab({ meId }: { meId: number }) {
  return (
    <section className="messages-tab" aria-labelledby="messages-tab-title">
      <h2 id="messages-tab-title" className="section-title">
        Your Messages
      </h2>
      <Inbox meId={meId} />
    </section>
  );
}
