import type { ConversationWiring } from '../hooks/use-conversation';
import { partnerName, type ChatPartner } from '../types';
import { BlockedNotice } from './chat-menu';
import { Composer } from './composer';
import { ReportDialog } from './report-dialog';

interface ConversationFooterProps {
  partner: ChatPartner;
  wiring: ConversationWiring;
  /** The composer box's class, placeholder and height of each view. */
  className: string;
  placeholder: string;
  rows: number;
}

/**
 * Under a thread: the message box, or the blocked notice while a block stands, or a note that the
 * other person's account is deactivated (the server refuses messages to them); and the report dialog.
 */
export function ConversationFooter({
  partner,
  wiring,
  className,
  placeholder,
  rows,
}: ConversationFooterProps) {
  return (
    <>
      {partner.deactivated ? (
        <div className="chat-blocked" role="note">
          <p>{partnerName(partner)}&apos;s account is deactivated: they cannot be messaged.</p>
        </div>
      ) : wiring.blocking.isBlocked ? (
        <BlockedNotice partner={partner} blocking={wiring.blocking} />
      ) : (
        <div className={className}>
          <Composer placeholder={placeholder} rows={rows} {...wiring.composer} />
        </div>
      )}
      <ReportDialog {...wiring.report} />
    </>
  );
}
