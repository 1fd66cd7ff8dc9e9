import { lazy, Suspense, useState } from 'react';
import { MessageCircle } from 'lucide-react';
import { Button } from '@/components/ui/button';
import type { ChatPartner } from '../types';

// The chat's code downloads when someone first opens it.
const ChatScreen = lazy(() => import('./chat-screen').then((module) => ({ default: module.ChatScreen })));

/** The Message button of another person's profile: it opens the full-screen chat (spec 1 §2). */
export function MessageButton({ user }: { user: ChatPartner }) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button variant="outline" onClick={() => setOpen(true)}>
        <MessageCircle aria-hidden="true" />
        Message
      </Button>
      {open ? (
        <Suspense fallback={null}>
          <ChatScreen partner={user} onClose={() => setOpen(false)} />
        </Suspense>
      ) : null}
    </>
  );
}
