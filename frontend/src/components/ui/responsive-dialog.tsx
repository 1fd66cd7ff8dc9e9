import type { ReactNode } from 'react';
import { Drawer } from 'vaul';
import { useMediaQuery } from '@/hooks/use-media-query';
import { Dialog, escapeBelongsToPopup } from './dialog';

interface ResponsiveDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: ReactNode;
  description?: ReactNode;
  children: ReactNode;
}

/** A dialog on wide screens, a bottom sheet (vaul) on phones, with the same title and content. */
export function ResponsiveDialog({
  open,
  onOpenChange,
  title,
  description,
  children,
}: ResponsiveDialogProps) {
  const isDesktop = useMediaQuery('(min-width: 640px)');
  if (isDesktop) {
    return (
      <Dialog open={open} onOpenChange={onOpenChange} title={title} description={description} size="lg">
        {children}
      </Dialog>
    );
  }
  return (
    <Drawer.Root open={open} onOpenChange={onOpenChange}>
      <Drawer.Portal>
        <Drawer.Overlay className="overlay" />
        <Drawer.Content
          className="sheet"
          onEscapeKeyDown={(event) => {
            if (escapeBelongsToPopup(event)) event.preventDefault();
          }}
          {...(description ? {} : { 'aria-describedby': undefined })}
        >
          <Drawer.Handle className="sheet__handle" />
          <header className="dialog__header">
            <Drawer.Title className="dialog__title">{title}</Drawer.Title>
            {description ? (
              <Drawer.Description className="dialog__description">{description}</Drawer.Description>
            ) : null}
          </header>
          <div className="sheet__body">{children}</div>
        </Drawer.Content>
      </Drawer.Portal>
    </Drawer.Root>
  );
}
