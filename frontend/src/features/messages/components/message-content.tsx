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
  const text = (
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
  if (message.messageType !== 'poll_result' || message.restaurantId === null) return text;
  // A poll's chosen place also leads to its reservation dialog.
  return (
    <>
      {text}
      <Link to={`/restaurant/${message.restaurantId}?reserve=1`} className="message__reserve">
        Reserve a table
      </Link>
    </>
  );
}
