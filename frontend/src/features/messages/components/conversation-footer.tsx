import type { ConversationWiring } from '../hooks/use-conversation';
import type { ChatPartner } from '../types';
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

/** Under a thread: the message box, or the blocked notice while a block stands; and the report dialog. */
export function ConversationFooter({
  partner,
  wiring,
  className,
  placeholder,
  rows,
}: ConversationFooterProps) {
  return (
    <>
      {wiring.blocking.isBlocked ? (
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
