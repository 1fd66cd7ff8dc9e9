import { Fragment } from 'react';
import { Link } from 'react-router-dom';
import type { MessageDto } from '@dinebuds/contracts';
import { splitMessageText, splitShareText, type MessagePart } from '../lib/message-text';

function partsOf(message: MessageDto): MessagePart[] {
  const structured =
    (message.messageType === 'restaurant_share' || message.messageType === 'poll_result') &&
    message.restaurantId !== null &&
    message.restaurantName;
  return structured
    ? splitShareText(message.content, message.restaurantId!, message.restaurantName!)
    : splitMessageText(message.content);
}

/** A message's text with its restaurant links (structured shares, `[id:name]`). */
export function MessageContent({ message }: { message: MessageDto }) {
  return (
    <p className="message__text">
      {partsOf(message).map((part, index) =>
        part.kind === 'text' ? (
          <Fragment key={index}>{part.text}</Fragment>
        ) : (
          <Link key={index} to={`/restaurant/${part.id}`} className="message__restaurant">
            {part.name}
          </Link>
        ),
      )}
    </p>
  );
}
